import { ISO_COUNTRY_CODES } from "@fre/shared";
import { type RefObject, type SelectHTMLAttributes, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FieldFrame } from "../../../components/ui/field-frame";
import { inputClasses } from "../../../components/ui/text-field";
import { intlLocale } from "../../../lib/languages";
import { useLanguage } from "../../../lib/use-language";
import type { KycFieldIssue } from "../kyc-validation";

/** The catalog's text for a field issue (client-side checks). */
export function useIssueText() {
  const { t } = useTranslation("kyc");
  return (issue: KycFieldIssue | undefined) => (issue ? t(`errors.${issue}`) : undefined);
}

/**
 * After a failed attempt (checked here or refused by the server), focus goes to the first field
 * marked invalid, so keyboard and screen-reader users land on what to fix. It moves when errors
 * appear or `attempt` changes, never while the user clears them by typing.
 */
export function useFocusFirstError(
  form: RefObject<HTMLFormElement | null>,
  errors: Record<string, string | undefined>,
  attempt: number,
) {
  const count = Object.values(errors).filter(Boolean).length;
  const previous = useRef({ count: 0, attempt: 0 });
  useEffect(() => {
    const grew = count > previous.current.count;
    const retried = attempt !== previous.current.attempt;
    previous.current = { count, attempt };
    if (!grew && !retried) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [count, attempt, form]);
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  placeholder: string;
}

export function SelectField({ label, error, options, placeholder, ...props }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <select {...control} className={inputClasses} {...props}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** Every ISO 3166 country, named in the UI's language and sorted by that name. */
export function useCountryOptions() {
  const { language } = useLanguage();
  return useMemo(() => {
    const locale = intlLocale(language);
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      names = undefined;
    }
    const collator = new Intl.Collator(locale);
    return ISO_COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort(
      (a, b) => collator.compare(a.label, b.label),
    );
  }, [language]);
}

export function CountrySelect(props: Omit<SelectFieldProps, "options" | "placeholder">) {
  const { t } = useTranslation("kyc");
  return <SelectField {...props} options={useCountryOptions()} placeholder={t("form.choose")} />;
}
