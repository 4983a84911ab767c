import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PasswordField } from "../../../components/ui/password-field";
import { isApiError } from "../../../lib/api-client";
import { useSignInPassword } from "../../auth";
import { linkTelegram } from "../api/telegram-api";

/**
 * Offered inside Telegram to a signed-in user whose Telegram account is linked to none: link it
 * (password asked again), so the next opening signs in by itself.
 */
export function TelegramLinkPrompt({ initData, onDone }: { initData: string; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const { password, passwordInput } = useSignInPassword();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [linked, setLinked] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(undefined);
    try {
      await linkTelegram(initData, password);
      setLinked(true);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t("register.errors.generic"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="telegram-link-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl border border-night-600 bg-night-850 p-4 shadow-xl"
    >
      <h2 id="telegram-link-title" className="font-semibold">
        {t("telegram.link.title")}
      </h2>
      {linked ? (
        <>
          <p className="mt-2 text-sm text-muted">{t("telegram.link.done")}</p>
          <Button className="mt-3" variant="secondary" onClick={onDone}>
            {t("telegram.link.close")}
          </Button>
        </>
      ) : (
        <form noValidate onSubmit={submit} className="mt-2 grid gap-3">
          <p className="text-sm text-muted">{t("telegram.link.text")}</p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <PasswordField label={t("login.password")} {...passwordInput} />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy || !password}>
              {t("telegram.link.submit")}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              {t("telegram.link.later")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
