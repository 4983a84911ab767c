import { AUDIT_ACTIONS, type AuditAction } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { SelectField } from "../../../components/ui/select-field";
import type { AuditFilters } from "../../../lib/admin-access";
import { useAuditLog } from "../hooks/use-admin-users";
import { AdminPagedList, DayField } from "./admin-paged-list";
import { AuditItem } from "./audit-entry";
import { AuditUserPicker, type PickedUser } from "./audit-user-picker";
import { dayFromFrench } from "./french-date";

interface Draft {
  action: AuditAction | "";
  actor: PickedUser | null;
  target: PickedUser | null;
  from: string;
  to: string;
}

/**
 * Every admin act, newest first, each a sentence with its changes; filtered by admin and by the
 * user concerned (both chosen by search), by action and by days typed in the French order.
 */
export function AuditLog({
  initialActor = null,
  initialTarget = null,
  headingLevel = 2,
}: {
  initialActor?: PickedUser | null;
  initialTarget?: PickedUser | null;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation("admin");
  const start: Draft = { action: "", actor: initialActor, target: initialTarget, from: "", to: "" };
  const [draft, setDraft] = useState<Draft>(start);
  const [problem, setProblem] = useState<{ from?: string; to?: string }>({});
  const [filters, setFilters] = useState<AuditFilters>(() => filtersOf(start));
  const log = useAuditLog(filters);

  function filtersOf(value: Draft): AuditFilters {
    return {
      action: value.action || undefined,
      actorId: value.actor?.id,
      targetId: value.target?.id,
      from: dayFromFrench(value.from) ?? undefined,
      to: dayFromFrench(value.to) ?? undefined,
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const bad = t("audit.filters2.dateInvalid");
    const next = {
      from: dayFromFrench(draft.from) === null ? bad : undefined,
      to: dayFromFrench(draft.to) === null ? bad : undefined,
    };
    setProblem(next);
    if (next.from || next.to) return;
    setFilters(filtersOf(draft));
  }

  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby="log-title" className="grid gap-3">
      <Heading id="log-title" className="text-lg font-semibold text-white">
        {t("security.logTitle")}
      </Heading>
      <form
        onSubmit={submit}
        data-testid="admin-audit-filters"
        className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:grid-cols-2"
      >
        <SelectField
          label={t("audit.filters.action")}
          value={draft.action}
          onChange={(event) =>
            setDraft({ ...draft, action: event.target.value as AuditAction | "" })
          }
        >
          <ChoiceOptions
            values={AUDIT_ACTIONS}
            label={(action) => t(`audit.actions.${action}`)}
            any={t("audit.filters.anyAction")}
          />
        </SelectField>
        <AuditUserPicker
          label={t("audit.filters2.actor")}
          testId="audit-actor-picker"
          value={draft.actor}
          onChange={(actor) => setDraft({ ...draft, actor })}
        />
        <AuditUserPicker
          label={t("audit.filters2.target")}
          testId="audit-target-picker"
          value={draft.target}
          onChange={(target) => setDraft({ ...draft, target })}
        />
        <div className="grid grid-cols-2 gap-3">
          <DayField
            label={t("audit.filters2.from")}
            name="from"
            value={draft.from}
            error={problem.from}
            onChange={(from) => setDraft({ ...draft, from })}
          />
          <DayField
            label={t("audit.filters2.to")}
            name="to"
            value={draft.to}
            error={problem.to}
            onChange={(to) => setDraft({ ...draft, to })}
          />
        </div>
        <Button type="submit" className="sm:col-span-2 sm:w-fit">
          {t("audit.filters.apply")}
        </Button>
      </form>
      <AdminPagedList
        query={log}
        empty={<p className="text-muted">{t("security.empty")}</p>}
        className="grid gap-3"
        listClassName="grid gap-2"
        testId="admin-security-log"
      >
        {(entry) => <AuditItem key={entry.id} entry={entry} />}
      </AdminPagedList>
    </section>
  );
}
