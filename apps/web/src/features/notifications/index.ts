export { LiveNotifications } from "./components/live-notifications";
export { NotificationBell } from "./components/notification-bell";
