/** This browser saw this user unverified (their id): when they turn up verified, say so once. */
export const SEEN_UNVERIFIED_KEY = "fre.seenUnverified";
/** Added to the verification link's landing URL by the resend request (`/dashboard?verified=1`). */
export const VERIFIED_LANDING_PARAM = "verified";

export interface VerifiedNoticeInput {
  userId: string;
  emailVerified: boolean;
  /** What SEEN_UNVERIFIED_KEY holds. */
  seenUnverified: string | null;
  /** The page is the verification link's landing. */
  landed: boolean;
}

/**
 * One step of "tell the user their e-mail is verified, once": while unverified, remember the
 * user; the first time they are seen verified after that (a later /api/me in this tab, another
 * tab, or the link's landing), announce and forget them, so it is never said again.
 */
export function verifiedNoticeStep({
  userId,
  emailVerified,
  seenUnverified,
  landed,
}: VerifiedNoticeInput): { announce: boolean; seenUnverified: string | null } {
  if (!emailVerified) return { announce: false, seenUnverified: userId };
  if (seenUnverified === userId || landed) return { announce: true, seenUnverified: null };
  return { announce: false, seenUnverified };
}

/** The landing URL's query without the verification marker ("" when nothing is left). */
export function withoutLandingParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(VERIFIED_LANDING_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
