import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";

/** After leaving a squad: when another one may be joined (the server's 24 h). */
export function CooldownNotice({ until }: { until: string | null }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const { language } = useLanguage();
  if (!until || Date.parse(until) <= Date.now()) return null;
  return (
    <p className="text-sm text-amber-200" data-testid="squad-cooldown">
      {t("cooldown", { date: formatDateTime(until, language) })}
    </p>
  );
}
