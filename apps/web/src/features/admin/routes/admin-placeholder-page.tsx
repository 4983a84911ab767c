import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import type { AdminSection } from "../admin-sections";

/** Admin screens that later issues fill in: the title only for now. */
export function AdminPlaceholderPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation("admin");
  const title = t(`pages.${section}`);
  return <PageTitle title={title}>{title}</PageTitle>;
}
