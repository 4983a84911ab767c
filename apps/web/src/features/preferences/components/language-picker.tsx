import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGES } from "../../../lib/languages";
import { useLanguage } from "../../../lib/use-language";
import { useChangeLanguage } from "../hooks/use-change-language";

/** Native <select>: keyboard, screen reader and mobile picker for free. */
export function LanguagePicker({
  className = "",
  label,
  testId = "language-picker",
}: {
  className?: string;
  /** Accessible name; defaults to "Langue". */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { language: current } = useLanguage();
  const changeLanguage = useChangeLanguage();
  return (
    <div className={`relative ${className}`}>
      <select
        data-testid={testId}
        aria-label={label ?? t("language.label")}
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className="min-h-10 appearance-none rounded-full border border-night-600 bg-night-800 py-1.5 pl-9 pr-8 text-sm font-medium text-slate-100 hover:border-amber-300/70"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-amber-200"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" />
      </svg>
      <svg
        viewBox="0 0 20 20"
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-3.5 -translate-y-1/2 text-slate-300"
        fill="currentColor"
      >
        <path d="M5.2 7.5 10 12.3l4.8-4.8 1.2 1.2-6 6-6-6Z" />
      </svg>
    </div>
  );
}
