import { type AuditEntry, isAuditAction } from "@fre/shared";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";

/** Fields that hold ids or references: kept by the API, never shown (issue 34). */
const HIDDEN_FIELD = /(^id$|Id$|^reference$|^requestedBy$|^grantId$)/;
const AMOUNT_FIELD = /(balance|amount|price|reward|bonus|stake|limit|minimum|maximum)/i;
const FRE_TEXT = /^-?\d{1,12}(?:\.\d{1,9})?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Where an entry's target is worked on: a user's page, or the section that owns it. */
const SECTION_OF: Record<string, string> = {
  bonus_code: "/admin/bonus-codes",
  task: "/admin/tasks",
  message: "/admin/messages",
  support_ticket: "/admin/support",
  kyc_document: "/admin/kyc",
  withdrawal: "/admin/withdrawals",
  shop_item: "/admin/shop",
  shop_payment: "/admin/shop",
  ad: "/admin/ads",
  contest: "/admin/messages",
  risk: "/admin/risk",
  settings: "/admin/security",
};

const isUserTarget = (entry: AuditEntry) =>
  entry.targetType === "user" || entry.targetType === "admin";

/** One value of `before`/`after` in words: amounts « 0,1 FRE », dates, yes/no, statuses. */
export function formatAuditValue(
  field: string,
  value: unknown,
  t: TFunction<"admin">,
  language: string,
): string {
  if (value === null || value === undefined || value === "") return t("audit.empty");
  if (typeof value === "boolean") return value ? t("audit.yes") : t("audit.no");
  if (typeof value === "number") return value.toLocaleString(language);
  if (typeof value === "string") {
    if (AMOUNT_FIELD.test(field) && FRE_TEXT.test(value)) {
      return `${formatFreSafe(value, language, "exact")} FRE`;
    }
    if (ISO_INSTANT.test(value)) return formatDateTime(value, language);
    return t(`audit.values.${value}` as "audit.values.pending", { defaultValue: value });
  }
  if (Array.isArray(value)) {
    return value.map((item) => formatAuditValue(field, item, t, language)).join(", ");
  }
  return Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !HIDDEN_FIELD.test(key))
    .map(([key, item]) => `${fieldLabel(key, t)} : ${formatAuditValue(key, item, t, language)}`)
    .join(" · ");
}

function fieldLabel(field: string, t: TFunction<"admin">): string {
  return t(`audit.fields.${field}` as "audit.fields.reason", { defaultValue: field });
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** « Camille_M a suspendu Noah.P — motif : … »: the entry as one sentence. */
export function auditSentence(entry: AuditEntry, t: TFunction<"admin">): string {
  const actor = entry.actorNickname ?? t("audit.someone");
  const target =
    entry.targetNickname ??
    t(isUserTarget(entry) ? `audit.targets.${entry.targetType as "user"}` : "audit.targets.other");
  const reason = asRecord(entry.after).reason;
  const said = isAuditAction(entry.action)
    ? t(`audit.sentences.${entry.action}`, { actor, target })
    : `${actor} · ${entry.action}`;
  return typeof reason === "string" && reason ? said + t("audit.reason", { reason }) : said;
}

/** The fields that changed (or were set), before and after, in formatted values. */
function ChangeTable({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !HIDDEN_FIELD.test(field),
  );
  if (fields.length === 0) return null;
  return (
    <table data-testid="audit-changes" className="w-full text-left text-xs text-slate-300">
      <caption className="sr-only">{t("audit.table.caption")}</caption>
      <thead>
        <tr className="text-muted">
          <th scope="col" className="py-1 pr-3 font-medium">
            {t("audit.table.field")}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t("audit.table.before")}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t("audit.table.after")}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field} className="border-t border-night-700 align-top">
            <th scope="row" className="py-1 pr-3 font-medium text-slate-200">
              {fieldLabel(field, t)}
            </th>
            <td className="py-1 pr-3 wrap-anywhere">
              {field in before ? formatAuditValue(field, before[field], t, language) : "—"}
            </td>
            <td className="py-1 wrap-anywhere">
              {field in after ? formatAuditValue(field, after[field], t, language) : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const section = SECTION_OF[entry.targetType];
  return (
    <li
      data-testid="audit-entry"
      className="grid gap-2 rounded-xl border border-night-700 bg-night-850 px-4 py-3"
    >
      <span className="flex flex-wrap items-baseline justify-between gap-x-4">
        <span className="text-xs font-medium uppercase tracking-wide text-amber-200">
          {isAuditAction(entry.action) ? t(`audit.actions.${entry.action}`) : entry.action}
        </span>
        <time dateTime={entry.createdAt} className="text-sm text-muted">
          {formatDateTime(entry.createdAt, language)}
        </time>
      </span>
      <p data-testid="audit-sentence" className="text-slate-100">
        {auditSentence(entry, t)}
      </p>
      <ChangeTable entry={entry} />
      {isUserTarget(entry) && entry.targetNickname ? (
        <Link
          to={`/admin/users/${encodeURIComponent(entry.targetId)}`}
          className="w-fit text-sm text-amber-200 underline underline-offset-2"
        >
          {t("audit.links.user", { nickname: entry.targetNickname })}
        </Link>
      ) : section ? (
        <Link to={section} className="w-fit text-sm text-amber-200 underline underline-offset-2">
          {t("audit.links.section")}
        </Link>
      ) : null}
    </li>
  );
}
