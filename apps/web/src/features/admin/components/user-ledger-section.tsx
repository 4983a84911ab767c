import { LEDGER_KINDS, type LedgerKind } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { SelectField } from "../../../components/ui/select-field";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import type { UserLedgerFilters } from "../api/admin-users-api";
import { useUserLedger } from "../hooks/use-admin-users";
import { AdminPagedList, DayField } from "./admin-paged-list";
import { dayFromFrench } from "./french-date";

const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";

/** The user's whole ledger, 25 entries a page, by kind and by days: each entry in words. */
export function UserLedgerSection({ userId }: { userId: string }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const [kind, setKind] = useState<LedgerKind | "">("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [problem, setProblem] = useState<{ from?: string; to?: string }>({});
  const [filters, setFilters] = useState<UserLedgerFilters>({});
  const ledger = useUserLedger(userId, filters);
  const filtered = Boolean(filters.kind || filters.from || filters.to) || undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const bad = t("audit.filters2.dateInvalid");
    const [fromDay, toDay] = [dayFromFrench(from), dayFromFrench(to)];
    const next = { from: fromDay === null ? bad : undefined, to: toDay === null ? bad : undefined };
    setProblem(next);
    if (next.from || next.to) return;
    setFilters({ kind: kind || undefined, from: fromDay ?? undefined, to: toDay ?? undefined });
  }

  return (
    <section className={card} aria-label={t("users.ledger")}>
      <h2 className="font-semibold text-white">{t("users.ledger")}</h2>
      {/* Folded to one line until asked for: the latest entries stay on the first screen. */}
      <details data-testid="admin-user-ledger-filters" open={filtered} className="group text-sm">
        <summary className="cursor-pointer text-amber-200 underline underline-offset-2">
          {t("users.ledgerFilters.open")}
        </summary>
        <form onSubmit={submit} className="mt-3 grid grid-cols-2 items-start gap-3 sm:grid-cols-4">
          <SelectField
            label={t("users.ledgerFilters.kind")}
            className="col-span-2 sm:col-span-1"
            value={kind}
            onChange={(event) => setKind(event.target.value as LedgerKind | "")}
          >
            <ChoiceOptions
              values={LEDGER_KINDS}
              label={(k) => t(`users.kinds.${k}`)}
              any={t("users.ledgerFilters.anyKind")}
            />
          </SelectField>
          <DayField
            label={t("audit.filters2.from")}
            name="ledger-from"
            value={from}
            error={problem.from}
            onChange={setFrom}
          />
          <DayField
            label={t("audit.filters2.to")}
            name="ledger-to"
            value={to}
            error={problem.to}
            onChange={setTo}
          />
          <Button type="submit" variant="secondary" className="col-span-2 sm:col-span-1 sm:mt-6">
            {t("users.ledgerFilters.apply")}
          </Button>
        </form>
      </details>
      <AdminPagedList
        query={ledger}
        empty={<p className="text-sm text-muted">{t("users.none")}</p>}
        className="grid gap-2"
        listClassName="grid gap-1 text-sm"
        testId="admin-user-ledger"
      >
        {(entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-x-3">
            <span className="text-slate-100">
              {t(`users.kinds.${entry.kind as LedgerKind}`, { defaultValue: entry.kind })} ·{" "}
              {formatFreSafe(entry.amount, language, "exact", { signed: true })} FRE
            </span>
            <span className="text-muted">{formatDateTime(entry.createdAt, language)}</span>
          </li>
        )}
      </AdminPagedList>
    </section>
  );
}
