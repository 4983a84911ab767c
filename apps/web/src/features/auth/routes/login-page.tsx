import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { EmailField } from "../../../components/ui/email-field";
import { PasswordField } from "../../../components/ui/password-field";
import { isApiError } from "../../../lib/api-client";
import { TelegramSignInButton } from "../../telegram";
import { signIn } from "../api/auth-api";
import { AuthCard } from "../components/auth-card";
import { AuthForm, AuthSwitch } from "../components/auth-form";
import { ForgotPasswordForm } from "../components/forgot-password-form";
import { SignInError, type SignInFailure } from "../components/sign-in-error";
import { useCredentials } from "../hooks/use-credentials";
import { useCompleteSignIn } from "../hooks/use-session-actions";

export function LoginPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const completeSignIn = useCompleteSignIn();
  const [view, setView] = useState<"login" | "forgot">("login");
  const credentials = useCredentials();
  const { email, password } = credentials;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<SignInFailure>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!credentials.filled) {
      setError({ message: t("login.required") });
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
      if (!(await completeSignIn())) throw new Error("Profile missing after sign-in");
    } catch (caught) {
      setError(
        isApiError(caught)
          ? { code: caught.error, message: caught.message }
          : { message: t("register.errors.generic") },
      );
      setSubmitting(false);
    }
  }

  if (view === "forgot") {
    return (
      <AuthCard title={t("forgot.title")}>
        <ForgotPasswordForm initialEmail={email} onBack={() => setView("login")} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <TelegramSignInButton onSignedIn={completeSignIn} />
      <AuthForm
        onSubmit={submit}
        submitting={submitting}
        submitLabel={t("login.submit")}
        submittingLabel={t("login.submitting")}
      >
        {notice === "passwordReset" ? (
          <Alert tone="success">{t("login.passwordReset")}</Alert>
        ) : null}
        {error ? <SignInError failure={error} accountEmail={email.trim()} /> : null}
        <EmailField label={t("login.email")} {...credentials.emailInput} />
        <PasswordField label={t("login.password")} {...credentials.passwordInput} />
        <div className="-mt-1 flex justify-end">
          <button
            type="button"
            className="rounded text-sm font-medium text-amber-200 underline-offset-4 hover:underline"
            onClick={() => {
              setError(undefined);
              setView("forgot");
            }}
          >
            {t("login.forgot")}
          </button>
        </div>
      </AuthForm>
      <AuthSwitch question={t("login.noAccount")} to="/register" label={t("login.register")} />
    </AuthCard>
  );
}
