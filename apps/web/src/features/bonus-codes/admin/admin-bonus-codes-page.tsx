import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { AdminBonusCodeForm } from "./admin-bonus-code-form";
import { AdminBonusCodeList } from "./admin-bonus-code-list";

export function AdminBonusCodesPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.bonus-codes");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <AdminBonusCodeForm />
      <AdminBonusCodeList />
    </div>
  );
}
