// Only lazy slots: the card, the page and the admin screen stay in chunks of their own.
export { DailyCardSlot } from "./components/daily-card-slot";
export { DailyRemindersSlot } from "./components/daily-reminders-slot";
