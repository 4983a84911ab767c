export { AdminSupportTickets } from "./components/admin-support";
