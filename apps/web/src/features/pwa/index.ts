export { InstallApp } from "./components/install-app";
export { PushSettings } from "./components/push-settings";
export { PwaAgent } from "./components/pwa-agent";
