import {
  isPlaceholderEmail,
  VERIFICATION_POLL_MS,
  VERIFICATION_RESEND_COOLDOWN_MS,
} from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { isApiError } from "../../../lib/api-client";
import { meQuery } from "../../../lib/session";
import { TelegramEmailForm } from "../../telegram";
import { sendVerificationEmail } from "../api/verification-api";
import { useCountdown } from "../hooks/use-countdown";
import { useVerifiedNotice } from "../hooks/use-verified-notice";
import { VerifiedNotice } from "./verified-notice";

type SendState = "idle" | "sending" | "sent" | "error";

/**
 * Shown to unverified users, first thing under the header and compact, so the mining panel's
 * start button stays on screen. Resend: idle → sending → sent (60 s countdown) → idle, or
 * error with a retry label. Polls the profile every 10 s; once verified it gives way to a
 * one-time "your e-mail is verified" note.
 */
export function VerifyBanner() {
  const { t } = useTranslation();
  const { data: me } = useQuery({
    ...meQuery,
    refetchInterval: (query) =>
      query.state.data && !query.state.data.emailVerified ? VERIFICATION_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
  const [state, setState] = useState<SendState>("idle");
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const [message, setMessage] = useState<string>();
  const secondsLeft = useCountdown(cooldownUntil);
  const notice = useVerifiedNotice(me ?? undefined);

  if (notice.shown) return <VerifiedNotice onClose={notice.close} />;
  if (!me || me.emailVerified) return null;
  // Opened with Telegram: no address yet (its placeholder is never shown), one is asked.
  if (isPlaceholderEmail(me.email)) return <TelegramEmailForm />;

  const coolingDown = secondsLeft > 0;
  const shownState: SendState = state === "sent" && !coolingDown ? "idle" : state;
  // "Sent" and cooldown notes expire with the countdown.
  const shownMessage = shownState === "idle" ? undefined : message;

  async function resend() {
    if (!me) return;
    setState("sending");
    setMessage(undefined);
    try {
      await sendVerificationEmail(me.email);
      setCooldownUntil(Date.now() + VERIFICATION_RESEND_COOLDOWN_MS);
      setState("sent");
      setMessage(t("verify.sent"));
    } catch (error) {
      if (isApiError(error, "VERIFICATION_COOLDOWN") && error.retryAfter) {
        setCooldownUntil(Date.now() + error.retryAfter * 1000);
        setState("sent");
        setMessage(error.message);
        return;
      }
      setState("error");
      setMessage(isApiError(error) ? error.message : t("errors.generic"));
    }
  }

  const label =
    shownState === "sending"
      ? t("verify.sending")
      : shownState === "sent"
        ? t("verify.cooldown", { seconds: secondsLeft })
        : shownState === "error"
          ? t("verify.retry")
          : t("verify.resend");

  return (
    <section
      data-testid="verify-banner"
      aria-labelledby="verify-banner-title"
      className="mx-auto mt-3 w-full max-w-3xl px-4"
    >
      <div className="grid gap-2 rounded-2xl border border-amber-300/40 bg-gradient-to-br from-amber-400/15 to-amber-400/5 px-4 py-3">
        <div className="flex items-center gap-3">
          <Glyph name="mail" className="size-5 shrink-0 text-amber-300" />
          <h2
            id="verify-banner-title"
            className="min-w-0 flex-1 text-sm font-semibold text-amber-100"
          >
            {t("verify.title")}
          </h2>
          <Button
            data-testid="verify-resend"
            data-state={shownState}
            variant="secondary"
            size="sm"
            className="shrink-0 tabular-nums"
            disabled={shownState === "sending" || shownState === "sent"}
            onClick={resend}
          >
            {label}
          </Button>
        </div>
        <p className="break-words text-xs text-amber-50/85">
          {t("verify.text", { email: me.email })}
        </p>
        <p
          role={shownState === "error" ? "alert" : "status"}
          className={`text-sm font-medium empty:hidden ${shownState === "error" ? "text-rose-200" : "text-emerald-200"}`}
        >
          {shownMessage}
        </p>
      </div>
    </section>
  );
}
