export { AdminLeaguesPage } from "./admin-leagues-page";
