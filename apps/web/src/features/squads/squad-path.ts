/** A squad's page. */
export const squadPath = (id: string) => `/squad/${encodeURIComponent(id)}`;

/**
 * The link a member shares: the squad's page carrying the creator's referral code, which the
 * page hands to the sign-up (`/register?ref=`, the invite path) for a visitor.
 */
export function squadShareLink(origin: string, id: string, inviteCode: string | null): string {
  const url = new URL(squadPath(id), origin);
  if (inviteCode) url.searchParams.set("ref", inviteCode);
  return url.toString();
}
