export { useAnsweredTicketCount } from "./hooks";
