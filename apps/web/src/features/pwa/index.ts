export { InstallApp } from "./components/install-app";
export { PushSettings } from "./components/push-settings";
export { PwaAgent } from "./components/pwa-agent";
export { forgetDeviceForSignOut } from "./push";
