export { LiveNotifications } from "./components/live-notifications";
export { NotificationBell } from "./components/notification-bell";
export { useUnreadNotificationCount } from "./hooks/use-notifications";
export { badgeText } from "./notification-list";
