import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmailField } from "../../../components/ui/email-field";
import { isApiError } from "../../../lib/api-client";
import { requestPasswordReset } from "../api/auth-api";
import { isEmail } from "../register-validation";
import { AuthForm } from "./auth-form";

export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isEmail(email)) {
      setError(t("register.errors.invalidEmail"));
      return;
    }
    setError(undefined);
    setState("sending");
    try {
      await requestPasswordReset(email.trim());
      setState("sent");
    } catch (caught) {
      setState("idle");
      setError(isApiError(caught) ? caught.message : t("register.errors.generic"));
    }
  }

  return (
    <div className="grid gap-5">
      <p className="text-muted">{t("forgot.text")}</p>
      {state === "sent" ? (
        <Alert tone="success">{t("forgot.sent")}</Alert>
      ) : (
        <AuthForm
          onSubmit={submit}
          submitting={state === "sending"}
          submitLabel={t("forgot.submit")}
          submittingLabel={t("forgot.submitting")}
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
          <EmailField
            label={t("forgot.email")}
            name="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
        </AuthForm>
      )}
      <Button variant="ghost" onClick={onBack}>
        {t("forgot.back")}
      </Button>
    </div>
  );
}
