export { remindersRoutes } from "./reminders.routes.ts";
export {
  pruneOldReminders,
  type ReminderBot,
  type ReminderNotice,
  type ReminderSender,
  type RemindersDeps,
  reminderSender,
  scheduleFromNotice,
  sweepStreakWarnings,
} from "./reminders.service.ts";
