import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmailField } from "../../../components/ui/email-field";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { isApiError } from "../../../lib/api-client";
import { meQuery } from "../../../lib/session";
import { useCredentials } from "../../auth";
import { addTelegramEmail } from "../api/telegram-api";

/**
 * In place of the "verify your e-mail" banner for an account opened with Telegram, which has no
 * address yet: the user gives one (and a password, to sign in outside Telegram too); the
 * verification mail then goes as at sign-up.
 */
export function TelegramEmailForm() {
  const { t, ready } = useTranslation("auth", { useSuspense: false });
  const queryClient = useQueryClient();
  const credentials = useCredentials();
  const { email, password } = credentials;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!ready) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!credentials.filled) return;
    setBusy(true);
    setError(undefined);
    try {
      await addTelegramEmail(email.trim(), password);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t("register.errors.generic"));
      setBusy(false);
    }
  }

  return (
    <section
      data-testid="telegram-email"
      aria-labelledby="telegram-email-title"
      className="mx-auto mt-3 w-full max-w-3xl px-4"
    >
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-3 rounded-2xl border border-amber-300/40 bg-amber-400/10 px-4 py-3"
      >
        <h2 id="telegram-email-title" className="text-sm font-semibold text-amber-100">
          {t("telegram.email.title")}
        </h2>
        <p className="text-xs text-amber-50/85">{t("telegram.email.text")}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <EmailField label={t("login.email")} {...credentials.emailInput} />
        <PasswordField
          label={t("login.password")}
          {...credentials.passwordInput}
          name="new-password"
          autoComplete="new-password"
          hint={<PasswordChecklist password={password} />}
        />
        <Button type="submit" disabled={busy || !credentials.filled}>
          {t("telegram.email.submit")}
        </Button>
      </form>
    </section>
  );
}
