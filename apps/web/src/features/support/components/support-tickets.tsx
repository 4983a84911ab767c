import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageLoader } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { useMyTickets } from "../hooks";
import { StatusBadge } from "./status-badge";

/** My tickets, most recently updated first; each opens its thread (`/support?ticket=ID`). */
export function SupportTickets() {
  const { t, i18n } = useTranslation("help");
  const language = i18n.resolvedLanguage ?? "fr";
  const tickets = useMyTickets();
  const items = tickets.data?.items ?? [];
  return (
    <section className="grid gap-3">
      <h2 className="text-lg font-bold text-white">{t("support.tickets.title")}</h2>
      {tickets.isError && !tickets.data ? (
        <Alert tone="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{tickets.error.message || t("support.tickets.loadFailed")}</span>
            <Button size="sm" variant="secondary" onClick={() => void tickets.refetch()}>
              {t("support.tickets.retry")}
            </Button>
          </div>
        </Alert>
      ) : !tickets.data ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <p
          data-testid="support-tickets"
          data-count={0}
          className="rounded-2xl border border-dashed border-night-600 px-5 py-8 text-center text-sm text-muted"
        >
          {t("support.tickets.empty")}
        </p>
      ) : (
        <ul data-testid="support-tickets" data-count={items.length} className="grid gap-2">
          {items.map((ticket) => (
            <li key={ticket.id} data-id={ticket.id} data-status={ticket.status}>
              <Link
                to={`/support?ticket=${encodeURIComponent(ticket.id)}`}
                className="grid gap-1 rounded-2xl border border-night-700 bg-night-850 p-3 hover:border-amber-300/50"
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="min-w-0 break-words font-semibold text-white">
                    {ticket.subject}
                  </span>
                  <StatusBadge status={ticket.status} />
                </span>
                <span className="text-xs text-muted">
                  {t("support.tickets.updated", {
                    date: formatDateTime(ticket.updatedAt, language),
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
