export { MessageOverlays } from "./components/message-overlays";
