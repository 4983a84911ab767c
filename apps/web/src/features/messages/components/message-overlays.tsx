import { useMessagesLiveRefresh } from "../hooks";
import { GlobalMessageModal } from "./global-message-modal";
import { InformationPopup } from "./information-popup";

/** Mounted once by the signed-in layout: global message modal and unread pop-up. */
export function MessageOverlays() {
  useMessagesLiveRefresh();
  return (
    <>
      <InformationPopup />
      <GlobalMessageModal />
    </>
  );
}
