export { AdminContestLinks } from "./components/admin-contest-links";
