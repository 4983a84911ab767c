import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { AdminContestLinks } from "../../contest";
import { FormActivityScope } from "../components/form-activity";
import { AdminGlobalMessageForm } from "./admin-global-message-form";
import { AdminInformation } from "./admin-information";

/** /admin/messages: the global message, information messages and the contest's links. */
export function AdminMessagesPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.messages");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <FormActivityScope>
        <AdminGlobalMessageForm />
        <AdminInformation />
      </FormActivityScope>
      <AdminContestLinks />
    </div>
  );
}
