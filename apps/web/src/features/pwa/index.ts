export { InstallApp } from "./components/install-app";
export { PushOptInCard, pushOfferPending } from "./components/push-opt-in-card";
export { PushSettings } from "./components/push-settings";
export { PwaAgent } from "./components/pwa-agent";
export { forgetDeviceForSignOut } from "./push";
