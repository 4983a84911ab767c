export { CookieConsent } from "./components/cookie-consent";
export { PrivacySettingsButton } from "./components/privacy-settings-button";
export { openConsentDialog } from "./consent-store";
export { loadScriptWithConsent } from "./load-script-with-consent";
