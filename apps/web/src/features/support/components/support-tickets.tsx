import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryState } from "../../../components/ui/query-state";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { useMyTickets } from "../hooks";
import { StatusBadge } from "./status-badge";

/** My tickets, most recently updated first; each opens its thread (`/support?ticket=ID`). */
export function SupportTickets() {
  const { t } = useTranslation("help");
  const { language } = useLanguage();
  const tickets = useMyTickets();
  return (
    <section className="grid gap-3">
      <h2 className="text-lg font-bold text-white">{t("support.tickets.title")}</h2>
      <QueryState
        query={tickets}
        error={(error) => error.message || t("support.tickets.loadFailed")}
        retry="inline"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p
            data-testid="support-tickets"
            data-count={0}
            className="rounded-2xl border border-dashed border-night-600 px-5 py-8 text-center text-sm text-muted"
          >
            {t("support.tickets.empty")}
          </p>
        }
      >
        {({ items }) => (
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
      </QueryState>
    </section>
  );
}
