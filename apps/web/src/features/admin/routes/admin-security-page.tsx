import { adminCodeChangeBodySchema } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { PasswordField } from "../../../components/ui/password-field";
import { QueryState } from "../../../components/ui/query-state";
import { formatDateTime } from "../../../lib/format";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import { CommunityLinksCard } from "../../legal/admin/community-links-card";
import { useChangeAdminCode, useSecurityLogs } from "../hooks/use-admin-queries";

const KNOWN_ACTIONS = ["access_granted", "access_denied", "code_changed"] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction =>
  (KNOWN_ACTIONS as readonly string[]).includes(action);

function ChangeCodeForm() {
  const { t } = useTranslation("admin");
  const change = useFormMutation(useChangeAdminCode(), { fallback: t("security.changeFailed") });
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    // Too short is the spec's own message; a too long code is the server's to refuse.
    const checked = adminCodeChangeBodySchema.shape.code.safeParse(code);
    if (!checked.success && checked.error.issues.some((issue) => issue.code === "too_small")) {
      change.fail({ form: t("security.tooShort") });
      return;
    }
    change.submit(code, { onSuccess: () => setCode("") });
  }

  return (
    <form
      data-testid="admin-change-code-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="change-code-title"
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-5"
    >
      <h2 id="change-code-title" className="text-lg font-semibold text-white">
        {t("security.changeTitle")}
      </h2>
      {change.done ? <Alert tone="success">{t("security.success")}</Alert> : null}
      {change.error ? <Alert tone="error">{change.error}</Alert> : null}
      <PasswordField
        label={t("security.newCode")}
        name="new-admin-code"
        autoComplete="new-password"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (change.done) change.reset();
        }}
        hint={t("security.newCodeHint")}
        required
      />
      <Button type="submit" disabled={change.pending} className="sm:w-fit">
        {change.pending ? t("security.submitting") : t("security.submit")}
      </Button>
    </form>
  );
}

function SecurityLog() {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const logs = useSecurityLogs();
  return (
    <section aria-labelledby="log-title" className="grid gap-3">
      <h2 id="log-title" className="text-lg font-semibold text-white">
        {t("security.logTitle")}
      </h2>
      <QueryState
        query={logs}
        retry="none"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-muted">{t("security.empty")}</p>}
      >
        {({ items }) => (
          <ul data-testid="admin-security-log" className="grid gap-2">
            {items.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl border border-night-700 bg-night-850 px-4 py-3"
              >
                <span className="font-medium text-slate-100">
                  {isKnownAction(entry.action)
                    ? t(`security.actions.${entry.action}`)
                    : entry.action}
                </span>
                <span className="text-sm text-muted">
                  {entry.nickname ?? entry.userId} ·{" "}
                  <time dateTime={entry.timestamp}>
                    {formatDateTime(entry.timestamp, language)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

export function AdminSecurityPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.security");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <ChangeCodeForm />
      <CommunityLinksCard />
      <SecurityLog />
    </div>
  );
}
