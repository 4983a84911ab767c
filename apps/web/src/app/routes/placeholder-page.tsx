import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ComingSoon } from "../../components/ui/coming-soon";

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

/** Screens of later features: what is coming, never a blank page, and a way back. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation();
  return (
    <ComingSoon title={t(`pages.${page}`)} badge={t("soon.badge")} text={t(`soon.${page}`)}>
      <Link to="/dashboard" className="w-fit font-semibold text-amber-200 underline">
        {t("soon.back")}
      </Link>
    </ComingSoon>
  );
}
