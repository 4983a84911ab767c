import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import type { AdminSection } from "../admin-sections";

/** Admin screens that later issues fill in: what each will do, never a blank page. */
export function AdminPlaceholderPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation("admin");
  const title = t(`pages.${section}`);
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
        <p className="text-slate-200">{t(`soon.${section}`, { defaultValue: "" })}</p>
      </section>
    </>
  );
}
