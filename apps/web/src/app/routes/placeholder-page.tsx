import { useTranslation } from "react-i18next";
import { Link } from "react-router";
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

/** Screens of later features: what is coming, never a blank page, and a way back. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`);
  return (
    <>
      <PageTitle title={title}>{title}</PageTitle>
      <section
        data-testid="coming-soon"
        className="mt-4 grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-5"
      >
        <span className="w-fit rounded-full bg-amber-400/15 px-3 py-1 text-sm font-semibold text-amber-200">
          {t("soon.badge")}
        </span>
        <p className="text-slate-200">{t(`soon.${page}`)}</p>
        <Link to="/dashboard" className="w-fit font-semibold text-amber-200 underline">
          {t("soon.back")}
        </Link>
      </section>
    </>
  );
}
