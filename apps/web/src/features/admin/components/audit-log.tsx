import { AUDIT_ACTIONS, type AuditEntry, isAuditAction } from "@fre/shared";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { inputClasses, TextField } from "../../../components/ui/text-field";
import type { AuditFilters } from "../../../lib/admin-access";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { useAuditLog } from "../hooks/use-admin-users";

const compact = (value: unknown) => (value == null ? "" : JSON.stringify(value));

function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const before = compact(entry.before);
  const after = compact(entry.after);
  return (
    <li className="grid gap-1 rounded-xl border border-night-700 bg-night-850 px-4 py-3">
      <span className="flex flex-wrap items-baseline justify-between gap-x-4">
        <span className="font-medium text-slate-100">
          {isAuditAction(entry.action) ? t(`audit.actions.${entry.action}`) : entry.action}
        </span>
        <span className="text-sm text-muted">
          {entry.actorNickname ?? entry.actorId} ·{" "}
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, language)}</time>
        </span>
      </span>
      <span className="text-xs text-muted wrap-anywhere">
        {t("audit.target", { type: entry.targetType, id: entry.targetId })}
        {entry.ip ? ` · ${entry.ip}` : ""}
      </span>
      {before || after ? (
        <span className="font-mono text-xs text-slate-300 wrap-anywhere">
          {before ? `${t("audit.before")} ${before}` : ""}
          {before && after ? " → " : ""}
          {after ? `${t("audit.after")} ${after}` : ""}
        </span>
      ) : null}
    </li>
  );
}

/** Every admin act, newest first, with its filters (admin, action, target, dates). */
export function AuditLog() {
  const { t } = useTranslation("admin");
  const actionId = useId();
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters);
  const set = (key: keyof AuditFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value || undefined }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...draft });
  }

  return (
    <section aria-labelledby="log-title" className="grid gap-3">
      <h2 id="log-title" className="text-lg font-semibold text-white">
        {t("security.logTitle")}
      </h2>
      <form
        onSubmit={submit}
        data-testid="admin-audit-filters"
        className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:grid-cols-2"
      >
        <div className="grid gap-1">
          <label htmlFor={actionId} className="text-sm font-medium text-slate-200">
            {t("audit.filters.action")}
          </label>
          <select
            id={actionId}
            className={inputClasses}
            value={draft.action ?? ""}
            onChange={(event) => set("action")(event.target.value)}
          >
            <option value="">{t("audit.filters.anyAction")}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t("audit.filters.actor")}
          name="actorId"
          maxLength={100}
          value={draft.actorId ?? ""}
          onChange={(event) => set("actorId")(event.target.value.trim())}
        />
        <TextField
          label={t("audit.filters.target")}
          name="targetId"
          maxLength={200}
          value={draft.targetId ?? ""}
          onChange={(event) => set("targetId")(event.target.value.trim())}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t("audit.filters.from")}
            type="date"
            name="from"
            value={draft.from ?? ""}
            onChange={(event) => set("from")(event.target.value)}
          />
          <TextField
            label={t("audit.filters.to")}
            type="date"
            name="to"
            value={draft.to ?? ""}
            onChange={(event) => set("to")(event.target.value)}
          />
        </div>
        <Button type="submit" className="sm:col-span-2 sm:w-fit">
          {t("audit.filters.apply")}
        </Button>
      </form>
      <QueryState
        query={log}
        isEmpty={(data) => data.pages[0]?.items.length === 0}
        empty={<p className="text-muted">{t("security.empty")}</p>}
      >
        {(data) => (
          <div className="grid gap-3">
            <ul data-testid="admin-security-log" className="grid gap-2">
              {data.pages.flatMap((page) =>
                page.items.map((entry) => <AuditItem key={entry.id} entry={entry} />),
              )}
            </ul>
            {log.hasNextPage ? (
              <Button
                variant="secondary"
                className="sm:w-fit"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? t("users.loading") : t("users.more")}
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
    </section>
  );
}
