import { z } from "zod";
import { communityLinkSchema } from "./legal.ts";

/** Where a first-party ad may show (decision 0027). */
export const AD_PLACEMENTS = ["dashboard", "games"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** An ad image as uploaded, before it is re-encoded. */
export const AD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const AD_TITLE_MAX_LENGTH = 80;
export const AD_LINK_MAX_LENGTH = 500;
export const AD_WEIGHT_MIN = 1;
export const AD_WEIGHT_MAX = 100;
/** The admin list's recent window, in UTC days (today included). */
export const AD_RECENT_DAYS = 30;

/**
 * Alternative text is one line: no control character at all (tab and line breaks included) and
 * no bidi override that could turn what screen readers say around.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const TITLE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const adTitleSchema = z
  .string()
  .trim()
  .min(1)
  .max(AD_TITLE_MAX_LENGTH)
  .refine((value) => !TITLE_FORBIDDEN.test(value), "control characters are not allowed");

/**
 * Where the ad leads: the community links' rule (an https:// address without credentials on a
 * public domain name: no IP address, no single-label or reserved name such as localhost or
 * example.org), never empty.
 */
export const adLinkSchema = communityLinkSchema
  .max(AD_LINK_MAX_LENGTH)
  .refine((value) => value !== "", "must be an https:// address on a public domain");

const EARLIEST = Date.UTC(2020, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** An instant with its offset (`2026-05-01T00:00:00Z`), within a sane range of years. */
export const adInstantSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const at = Date.parse(value);
  return at >= EARLIEST && at < LATEST;
}, "must be between 2020 and 2100");

const adFields = {
  placement: z.enum(AD_PLACEMENTS),
  title: adTitleSchema,
  linkUrl: adLinkSchema,
  startsAt: adInstantSchema,
  endsAt: adInstantSchema,
  weight: z.number().int().min(AD_WEIGHT_MIN).max(AD_WEIGHT_MAX),
  active: z.boolean(),
};

const endAfterStart = (body: { startsAt?: string; endsAt?: string }) =>
  body.startsAt === undefined ||
  body.endsAt === undefined ||
  Date.parse(body.endsAt) > Date.parse(body.startsAt);
const endAfterStartIssue = { message: "must end after it starts", path: ["endsAt"] };

export const adCreateBodySchema = z.object(adFields).refine(endAfterStart, endAfterStartIssue);
export type AdCreateBody = z.infer<typeof adCreateBodySchema>;

/** Any of the fields; the window is checked again against the stored dates. */
export const adUpdateBodySchema = z
  .object(adFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, "nothing to change")
  .refine(endAfterStart, endAfterStartIssue);
export type AdUpdateBody = z.infer<typeof adUpdateBodySchema>;

const adCountsSchema = z.object({ impressions: z.number().int(), clicks: z.number().int() });

export const adminAdSchema = z.object({
  id: z.string(),
  placement: z.enum(AD_PLACEMENTS),
  title: z.string(),
  linkUrl: z.string(),
  /** The admin's view of the image (any ad, eligible or not); null until one is uploaded. */
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  weight: z.number().int(),
  active: z.boolean(),
  /** Shown to users now: active, within its window, with an image. */
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  total: adCountsSchema,
  /** The last AD_RECENT_DAYS UTC days, today included. */
  recent: adCountsSchema,
});
export type AdminAd = z.infer<typeof adminAdSchema>;
export const adminAdListSchema = z.object({ items: z.array(adminAdSchema) });
export type AdminAdList = z.infer<typeof adminAdListSchema>;

export const adsQuerySchema = z.object({ placement: z.enum(AD_PLACEMENTS) });
export type AdsQuery = z.infer<typeof adsQuerySchema>;

/** An ad as users get it: nothing about who made it or how it does. */
export const publicAdSchema = z.object({
  id: z.string(),
  title: z.string(),
  linkUrl: z.string(),
  imageUrl: z.string(),
  weight: z.number().int(),
});
export type PublicAd = z.infer<typeof publicAdSchema>;
export const publicAdListSchema = z.object({ items: z.array(publicAdSchema) });
export type PublicAdList = z.infer<typeof publicAdListSchema>;

/**
 * `?v=` on image URLs: the image's version (its file key's last segment), so a replaced image is
 * fetched again.
 */
export const adImageQuerySchema = z.object({
  v: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/)
    .optional(),
});
