import { useTranslation } from "react-i18next";
import { PageTitle } from "../../components/ui/page-title";

export type PlaceholderKey =
  | "withdrawal"
  | "kyc"
  | "information"
  | "faq"
  | "support"
  | "contest"
  | "shop"
  | "fre"
  | "game";

/** Screens of later features: the shared layout with their translated title only. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`);
  return <PageTitle title={title}>{title}</PageTitle>;
}
