export interface Invite {
  title: string;
  /** The ready message, without the link. */
  text: string;
  url: string;
}

export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

interface ShareTools {
  /** The Web Share API, when the browser has it. */
  share?: ((data: ShareData) => Promise<void>) | undefined;
  copy: (text: string) => Promise<void>;
}

/** The message and the link in one paste: "…mon code ABC123 : https://…". */
export const inviteText = (invite: Invite) => `${invite.text} ${invite.url}`;

/**
 * Hands the invitation to the system share sheet; without one (desktop browsers, http) or when
 * the sheet fails, copies the whole message instead. Closing the sheet is not a failure.
 */
export async function shareInvite(invite: Invite, tools: ShareTools): Promise<ShareOutcome> {
  if (tools.share) {
    try {
      await tools.share({ title: invite.title, text: invite.text, url: invite.url });
      return "shared";
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return "cancelled";
    }
  }
  try {
    await tools.copy(inviteText(invite));
    return "copied";
  } catch {
    return "failed";
  }
}
