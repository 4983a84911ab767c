export { CookieConsent } from "./components/cookie-consent";
export { PrivacySettingsButton } from "./components/privacy-settings-button";
export { loadScriptWithConsent } from "./load-script-with-consent";
