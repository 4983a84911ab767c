import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import type { Language } from "../../../lib/languages";

/** Why the Mini App's sign-in did not complete, as the notice words it. */
export type TelegramFailureReason = "expired" | "invalid" | "unavailable" | "network";

/**
 * Shown inside Telegram when the launch's sign-in fails, in the Telegram user's language: what
 * happened and what to do (reopen from the bot, or sign in with an e-mail) — never a silent
 * landing page.
 */
export function TelegramSignInFailure({
  reason,
  language,
  onSignIn,
  onClose,
}: {
  reason: TelegramFailureReason;
  language: Language;
  onSignIn: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("auth", { lng: language });
  return (
    <section
      role="alert"
      aria-labelledby="telegram-failure-title"
      lang={language}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl border border-night-600 bg-night-850 p-4 shadow-xl"
    >
      <h2 id="telegram-failure-title" className="font-semibold">
        {t("telegram.failure.title")}
      </h2>
      <p className="mt-2 text-sm text-muted">{t(`telegram.failure.${reason}`)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={onSignIn}>{t("telegram.failure.signIn")}</Button>
        <Button variant="secondary" onClick={onClose}>
          {t("telegram.failure.close")}
        </Button>
      </div>
    </section>
  );
}
