import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../../components/ui/coming-soon";
import type { AdminSection } from "../admin-sections";

/** Admin screens that later issues fill in: what each will do, never a blank page. */
export function AdminPlaceholderPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation("admin");
  return (
    <ComingSoon
      title={t(`pages.${section}`)}
      badge={t("soon.badge")}
      text={t(`soon.${section}`, { defaultValue: "" })}
    />
  );
}
