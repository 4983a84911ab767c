export { AdminContestLinks } from "./admin/admin-contest-links";
