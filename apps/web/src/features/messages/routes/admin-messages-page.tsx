import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { AdminContestLinks } from "../../contest";
import { AdminSupportTickets } from "../../support";
import { AdminGlobalMessageForm } from "../components/admin-global-message-form";
import { AdminInformation } from "../components/admin-information";

/** /admin/messages: the global message, information messages, the contest's links, support. */
export function AdminMessagesPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.messages");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <AdminGlobalMessageForm />
      <AdminInformation />
      <AdminContestLinks />
      <AdminSupportTickets />
    </div>
  );
}
