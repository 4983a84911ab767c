import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { SupportForm } from "../components/support-form";
import { BackToTickets, SupportThread } from "../components/support-thread";
import { SupportTickets } from "../components/support-tickets";
import { isTicketId } from "../support-validation";

/** /support: a new request and my requests; `?ticket=ID` (the e-mails' link) opens one. */
export function SupportPage() {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const ticket = params.get("ticket");
  const title = tc("pages.support");

  return (
    <div className="grid grid-cols-1 gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      {ticket === null ? (
        <>
          <p className="text-sm text-muted">
            {t("support.intro")}{" "}
            <Link
              to="/faq"
              className="font-semibold text-amber-200 underline-offset-4 hover:underline"
            >
              {t("support.faqLink")}
            </Link>
          </p>
          <SupportForm />
          <SupportTickets />
        </>
      ) : isTicketId(ticket) ? (
        <SupportThread key={ticket} id={ticket} />
      ) : (
        <div className="grid gap-3">
          <BackToTickets />
          <Alert tone="error">{t("support.thread.notFound")}</Alert>
        </div>
      )}
    </div>
  );
}
