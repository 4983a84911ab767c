import { ADMIN_CODE_MIN_LENGTH } from "@fre/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { PasswordField } from "../../../components/ui/password-field";
import { PageLoader } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { adminKeys, changeAdminCode } from "../api/admin-api";
import { useSecurityLogs } from "../hooks/use-admin-queries";

const KNOWN_ACTIONS = ["access_granted", "access_denied", "code_changed"] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction =>
  (KNOWN_ACTIONS as readonly string[]).includes(action);

function ChangeCodeForm() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length < ADMIN_CODE_MIN_LENGTH) {
      setError(t("security.tooShort"));
      setState("idle");
      return;
    }
    setState("saving");
    setError(undefined);
    try {
      await changeAdminCode(code);
      setCode("");
      setState("saved");
      void queryClient.invalidateQueries({ queryKey: adminKeys.securityLogs });
    } catch (caught) {
      setState("idle");
      setError(isApiError(caught) ? caught.message : t("security.changeFailed"));
    }
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
      {state === "saved" ? <Alert tone="success">{t("security.success")}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <PasswordField
        label={t("security.newCode")}
        name="new-admin-code"
        autoComplete="new-password"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (state === "saved") setState("idle");
        }}
        hint={t("security.newCodeHint")}
        required
      />
      <Button type="submit" disabled={state === "saving"} className="sm:w-fit">
        {state === "saving" ? t("security.submitting") : t("security.submit")}
      </Button>
    </form>
  );
}

function SecurityLog() {
  const { t, i18n } = useTranslation("admin");
  const logs = useSecurityLogs();
  return (
    <section aria-labelledby="log-title" className="grid gap-3">
      <h2 id="log-title" className="text-lg font-semibold text-white">
        {t("security.logTitle")}
      </h2>
      {logs.isPending ? <PageLoader /> : null}
      {logs.isError ? <Alert tone="error">{logs.error.message}</Alert> : null}
      {logs.data && logs.data.items.length === 0 ? (
        <p className="text-muted">{t("security.empty")}</p>
      ) : null}
      {logs.data && logs.data.items.length > 0 ? (
        <ul data-testid="admin-security-log" className="grid gap-2">
          {logs.data.items.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl border border-night-700 bg-night-850 px-4 py-3"
            >
              <span className="font-medium text-slate-100">
                {isKnownAction(entry.action) ? t(`security.actions.${entry.action}`) : entry.action}
              </span>
              <span className="text-sm text-muted">
                {entry.nickname ?? entry.userId} ·{" "}
                <time dateTime={entry.timestamp}>
                  {formatDateTime(entry.timestamp, i18n.language)}
                </time>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
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
      <SecurityLog />
    </div>
  );
}
