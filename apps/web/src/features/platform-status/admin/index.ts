/** The platform switches' admin surface: what the admin console (features/admin) composes. */
export { FeaturesPanel } from "./features-panel";
