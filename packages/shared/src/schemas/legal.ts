import { z } from "zod";

/** The community links an admin may set; each one is hidden while empty. */
export const COMMUNITY_LINK_IDS = ["telegram", "x", "facebook", "whitePaper"] as const;
export type CommunityLinkId = (typeof COMMUNITY_LINK_IDS)[number];

export const COMMUNITY_LINK_MAX_LENGTH = 500;

/**
 * Names reserved for documentation and tests (RFC 2606, RFC 6761) and the local network: a link
 * users open must never point at a placeholder.
 */
const RESERVED_HOST = /(^|\.)(example(\.(com|net|org))?|test|invalid|localhost|local)$/i;

function isPublicHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.username === "" &&
    url.password === "" &&
    // A name with a dot, not an IP address or a bare host.
    /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/i.test(
      url.hostname,
    ) &&
    !RESERVED_HOST.test(url.hostname)
  );
}

/** One community link as an admin types it: an https address on a public name, or "" (hidden). */
export const communityLinkSchema = z
  .string()
  .trim()
  .max(COMMUNITY_LINK_MAX_LENGTH)
  .refine(
    (value) => value === "" || isPublicHttpsUrl(value),
    "must be an https:// address on a public domain, or empty",
  );

export const communityLinksBodySchema = z.object({
  telegram: communityLinkSchema,
  x: communityLinkSchema,
  facebook: communityLinkSchema,
  whitePaper: communityLinkSchema,
});
export type CommunityLinksBody = z.infer<typeof communityLinksBodySchema>;

/** The links as stored: "" means hidden. */
export const communityLinksSchema = z.object({
  telegram: z.string(),
  x: z.string(),
  facebook: z.string(),
  whitePaper: z.string(),
});
export type CommunityLinks = z.infer<typeof communityLinksSchema>;

/** `GET /api/legal`: who runs the service (server settings) and its community links. */
export const legalInfoSchema = z.object({
  operator: z.object({
    name: z.string(),
    /** Legal form and share capital. */
    legalForm: z.string(),
    address: z.string(),
    /** RCS / SIREN. */
    registration: z.string(),
    phone: z.string(),
    email: z.string(),
    publicationDirector: z.string(),
  }),
  host: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  /** Where people write about their personal data (the DPO or the privacy contact). */
  privacyEmail: z.string(),
  /** Some details are still the demonstration defaults: they must be set before going live. */
  demo: z.boolean(),
  community: communityLinksSchema,
});
export type LegalInfo = z.infer<typeof legalInfoSchema>;
