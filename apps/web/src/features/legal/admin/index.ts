/** The legal feature's admin surface: what the admin console (features/admin) composes. */
export { CommunityLinksCard } from "./community-links-card";
