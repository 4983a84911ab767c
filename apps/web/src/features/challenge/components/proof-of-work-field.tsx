import type { ChallengeAction } from "@fre/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AltchaElement, createWidget, loadWidget, type WidgetStrings } from "../load-widget";

const STRING_KEYS = [
  "ariaLinkLabel",
  "cancel",
  "enterCode",
  "enterCodeAria",
  "enterCodeFromImage",
  "error",
  "expired",
  "getAudioChallenge",
  "label",
  "loading",
  "reload",
  "verify",
  "verificationRequired",
  "verified",
  "verifying",
  "waitAlert",
] as const;

export interface ProofOfWorkFieldProps {
  action: ChallengeAction;
  /** The solved payload, or null while unsolved (or after a reset/expiry). */
  onChange: (payload: string | null) => void;
  /** Changing it asks a fresh challenge (the server refused the last one). */
  resetKey?: number;
  error?: string;
}

/**
 * The ALTCHA check as a form field: its label and state in our words (the widget's own
 * checkbox and live region are what a screen reader announces), solved as soon as the form
 * shows, so the user rarely waits. The widget's code loads with this field only.
 */
export function ProofOfWorkField({ action, onChange, resetKey = 0, error }: ProofOfWorkFieldProps) {
  const { t, i18n } = useTranslation("auth");
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [failed, setFailed] = useState(false);
  const hintId = useId();
  const language = i18n.language;

  // A new challenge when asked (resetKey) or when the language changes; `t` follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey re-runs it on purpose
  useEffect(() => {
    let cancelled = false;
    const strings: WidgetStrings = {
      ...Object.fromEntries(STRING_KEYS.map((key) => [key, t(`proofOfWork.widget.${key}`)])),
      // No footer (the widget's "Protected by ALTCHA" link): nothing to translate.
      footer: "",
    };
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === "verified" && detail.payload ? detail.payload : null);
    };
    (async () => {
      await loadWidget(language, strings);
      if (cancelled || !host.current) return;
      const element = await createWidget(
        host.current,
        action,
        language,
        { auto: "onload" },
        listener,
      );
      if (cancelled) {
        element.remove();
        return;
      }
      widget.current = element;
      element.setAttribute("aria-describedby", hintId);
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      widget.current?.removeEventListener("statechange", listener);
      widget.current?.remove();
      widget.current = null;
      onChangeRef.current(null);
    };
  }, [action, language, resetKey, hintId, t]);

  return (
    <fieldset className="grid gap-1" data-proof-of-work={action}>
      <legend className="sr-only">{t("proofOfWork.group")}</legend>
      <div ref={host} className="min-h-[68px]" />
      <p id={hintId} className="text-xs text-muted">
        {t("proofOfWork.hint")}
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-rose-300">
          {t("proofOfWork.loadFailed")}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
