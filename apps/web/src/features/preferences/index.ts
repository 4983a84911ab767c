export { updateMe } from "./api/preferences-api";
export { LanguagePicker } from "./components/language-picker";
export { LanguageSync } from "./components/language-sync";
