export { AdminSupportTickets } from "./components/admin-support";
export { useAnsweredTicketCount } from "./hooks";
