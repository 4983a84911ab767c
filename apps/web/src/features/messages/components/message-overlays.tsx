import { useMessagesLiveRefresh } from "../hooks";
import { GlobalMessageModal } from "./global-message-modal";

/**
 * Mounted once by the signed-in layout: the global message modal and the messages' live
 * refresh. The unread pop-up (InformationPopup) sits in the page flow, placed by the layout.
 */
export function MessageOverlays() {
  useMessagesLiveRefresh();
  return <GlobalMessageModal />;
}
