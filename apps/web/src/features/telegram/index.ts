// Telegram Mini App (decision 0042). The Mini App itself (telegram-mini-app.ts) is loaded by
// the app's start only inside Telegram; other features use these small pieces.
export { TelegramEmailForm } from "./components/telegram-email-form";
export { TelegramSignInButton } from "./components/telegram-sign-in-button";
export { inTelegram, miniAppTonActions } from "./telegram-launch";
