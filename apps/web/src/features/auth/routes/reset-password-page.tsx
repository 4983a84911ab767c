import { isStrongPassword } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { isApiError } from "../../../lib/api-client";
import { resetPassword } from "../api/auth-api";
import { AuthCard } from "../components/auth-card";
import { AuthForm, BackToLogin } from "../components/auth-form";

export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const weak = !isStrongPassword(password);
  const mismatch = confirm !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (weak || mismatch) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await resetPassword(token, password);
      navigate("/login", { replace: true, state: { notice: "passwordReset" } });
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t("register.errors.generic"));
      setSubmitting(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title={t("reset.title")}>
        <Alert tone="error">{t("reset.missingToken")}</Alert>
        <BackToLogin label={t("reset.backToLogin")} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.text")}>
      <AuthForm
        onSubmit={submit}
        submitting={submitting}
        submitLabel={t("reset.submit")}
        submittingLabel={t("reset.submitting")}
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <PasswordField
          label={t("reset.password")}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={<PasswordChecklist password={password} />}
          error={attempted && weak ? t("register.errors.weakPassword") : undefined}
          required
        />
        <PasswordField
          label={t("reset.confirm")}
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={
            mismatch && (attempted || (confirm.length > 0 && confirm.length >= password.length))
              ? t("register.errors.passwordMismatch")
              : undefined
          }
          required
        />
      </AuthForm>
    </AuthCard>
  );
}
