import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api-client";
import { signInWithTelegram, telegramConfigQuery } from "../api/telegram-api";
import { inTelegram, launchInitData, settle } from "../telegram-launch";

/**
 * "Continuer avec Telegram" on the sign-in screen: only inside Telegram and only while the
 * server has Telegram sign-in on. Signs in a linked account, or opens a new one.
 */
export function TelegramSignInButton({ onSignedIn }: { onSignedIn: () => Promise<unknown> }) {
  const { t } = useTranslation("auth");
  const initData = inTelegram() ? launchInitData() : null;
  const config = useQuery({ ...telegramConfigQuery, enabled: initData !== null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!initData || !config.data?.enabled) return null;

  async function continueWithTelegram() {
    if (!initData) return;
    setBusy(true);
    setError(undefined);
    try {
      await signInWithTelegram(initData, true);
      settle();
      await onSignedIn();
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t("register.errors.generic"));
      setBusy(false);
    }
  }

  return (
    <div className="mb-6 grid gap-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button size="lg" disabled={busy} onClick={continueWithTelegram}>
        {busy ? t("telegram.continuing") : t("telegram.continue")}
      </Button>
      <p className="text-center text-sm text-muted">{t("telegram.orPassword")}</p>
    </div>
  );
}
