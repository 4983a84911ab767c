import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { LEGAL_PATHS } from "../../legal";
import {
  ALL_ACCEPTED,
  ALL_REFUSED,
  type ConsentCategory,
  type CookieConsent,
} from "../consent-store";

const OPTIONAL: ConsentCategory[] = ["functional", "analytics", "advertising"];

interface CookieBannerProps {
  current: CookieConsent | null;
  /** Opened from the privacy settings button: take focus, allow closing without a change. */
  reopened: boolean;
  onDecide: (consent: CookieConsent) => void;
  onClose: () => void;
}

export function CookieBanner({ current, reopened, onDecide, onClose }: CookieBannerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [customising, setCustomising] = useState(false);
  const [choices, setChoices] = useState<CookieConsent>(current ?? ALL_REFUSED);
  const canClose = current !== null;

  useEffect(() => {
    if (!reopened) return;
    const opener = document.activeElement as HTMLElement | null;
    headingRef.current?.focus();
    return () => opener?.focus();
  }, [reopened]);

  useEffect(() => {
    if (!canClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [canClose, onClose]);

  return (
    <section
      data-testid="cookie-banner"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-h-[85dvh] max-w-xl animate-rise overflow-y-auto rounded-2xl border border-night-600 bg-night-850/95 p-5 shadow-2xl shadow-black/60 backdrop-blur sm:bottom-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 ref={headingRef} id={titleId} tabIndex={-1} className="text-lg font-bold text-white">
          {t("cookies.title")}
        </h2>
        {canClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={t("cookies.close")}
            className="-mr-2 -mt-2 grid size-10 place-items-center rounded-lg text-slate-300 hover:text-white"
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="currentColor">
              <path d="m5.5 4 4.5 4.5L14.5 4 16 5.5 11.5 10l4.5 4.5-1.5 1.5-4.5-4.5L5.5 16 4 14.5 8.5 10 4 5.5Z" />
            </svg>
          </button>
        ) : null}
      </div>
      <p id={textId} className="mt-2 text-sm leading-relaxed text-muted">
        {t("cookies.text")}{" "}
        <Link
          to={LEGAL_PATHS.cookies}
          data-testid="cookie-policy-link"
          className="font-medium text-amber-200 underline underline-offset-2"
        >
          {t("cookies.policyLink")}
        </Link>
      </p>

      {customising ? (
        <form
          className="mt-4 grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            onDecide(choices);
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="sr-only">{t("cookies.categoriesLegend")}</legend>
            <ConsentToggle
              label={t("cookies.categories.necessary.label")}
              description={t("cookies.categories.necessary.description")}
              checked
              disabled
            />
            {OPTIONAL.map((category) => (
              <ConsentToggle
                key={category}
                label={t(`cookies.categories.${category}.label`)}
                description={t(`cookies.categories.${category}.description`)}
                checked={choices[category]}
                onChange={(checked) => setChoices((now) => ({ ...now, [category]: checked }))}
              />
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{t("cookies.save")}</Button>
            <Button variant="ghost" onClick={() => setCustomising(false)}>
              {t("cookies.back")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button className="col-span-2" onClick={() => onDecide(ALL_ACCEPTED)}>
            {t("cookies.acceptAll")}
          </Button>
          <Button variant="secondary" onClick={() => onDecide(ALL_REFUSED)}>
            {t("cookies.refuse")}
          </Button>
          <Button variant="secondary" onClick={() => setCustomising(true)}>
            {t("cookies.customise")}
          </Button>
        </div>
      )}
    </section>
  );
}

function ConsentToggle({
  label,
  description,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-night-700 bg-night-900/60 p-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange?.(event.target.checked)}
        className="relative mt-0.5 h-6 w-10 shrink-0 appearance-none rounded-full bg-night-600 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-slate-100 before:shadow before:transition-transform checked:bg-amber-400 checked:before:translate-x-4 checked:before:bg-night-950 disabled:opacity-60"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-100">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs leading-relaxed text-muted">
          {description}
        </p>
      </div>
    </div>
  );
}
