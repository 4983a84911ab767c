export { InformationPopup } from "./components/information-popup";
export { MessageOverlays } from "./components/message-overlays";
export { useUnreadInformationCount } from "./hooks";
