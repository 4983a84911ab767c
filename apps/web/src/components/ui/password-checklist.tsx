import { type PasswordRule, passwordIssues } from "@fre/shared";
import { useTranslation } from "react-i18next";

const RULES: PasswordRule[] = ["length", "uppercase", "lowercase", "digit", "special"];

/** Live list of the password rules of spec §5, each marked met or not. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const issues = new Set(passwordIssues(password));
  return (
    <ul id={id} className="grid gap-1 text-sm" aria-label={t("password.rulesTitle")}>
      {RULES.map((rule) => {
        const met = !issues.has(rule);
        return (
          <li
            key={rule}
            data-met={met}
            className={`flex items-center gap-2 ${met ? "text-emerald-300" : "text-muted"}`}
          >
            <span
              aria-hidden="true"
              className={`grid size-4 place-items-center rounded-full text-[0.65rem] font-bold ${
                met ? "bg-emerald-400 text-night-950" : "border border-night-600"
              }`}
            >
              {met ? "✓" : ""}
            </span>
            <span>
              {t(`password.rules.${rule}`)}
              <span className="sr-only"> — {met ? t("password.met") : t("password.unmet")}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
