import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { AdminSupportTickets } from "./admin-support";

/** /admin/support: the users' tickets, a thread and the answer form. */
export function AdminSupportPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.support");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <AdminSupportTickets />
    </div>
  );
}
