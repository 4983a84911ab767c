export { AdminCirclePage } from "./admin-circle-page";
