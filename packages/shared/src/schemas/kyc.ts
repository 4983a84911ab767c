import { z } from "zod";
import {
  AMOUNT_RANGE_ISSUE,
  amountRangeHolds,
  queueOpenedBySchema,
  queuePageFields,
} from "./admin-queues.ts";

/** Where a user's identity check stands (spec §4): `none` before the first saved step. */
export const KYC_STATUSES = ["none", "draft", "pending", "approved", "rejected"] as const;
export const kycRequestStatusSchema = z.enum(KYC_STATUSES);
export type KycRequestStatus = z.infer<typeof kycRequestStatusSchema>;

export const KYC_DOCUMENT_TYPES = ["passport", "id_card", "driving_license"] as const;
export const kycDocumentTypeSchema = z.enum(KYC_DOCUMENT_TYPES);
export type KycDocumentType = z.infer<typeof kycDocumentTypeSchema>;

/** The photos of a request: `back` is not needed for a passport. */
export const KYC_FILE_SLOTS = ["front", "back", "selfie"] as const;
export const kycFileSlotSchema = z.enum(KYC_FILE_SLOTS);
export type KycFileSlot = z.infer<typeof kycFileSlotSchema>;

/** The parts a submission needs, in the order the form asks for them. */
export const KYC_PARTS = ["identity", "address", "document", "front", "back", "selfie"] as const;
export type KycPart = (typeof KYC_PARTS)[number];

/** Upload limit of one photo, and the image types accepted (detected from the bytes). */
export const KYC_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const KYC_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const KYC_MIN_AGE_YEARS = 18;
export const KYC_REASON_MIN_LENGTH = 3;
export const KYC_REASON_MAX_LENGTH = 500;

/** ISO 3166-1 alpha-2: every officially assigned code. */
export const ISO_COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR " +
  "BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ " +
  "EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW " +
  "GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY " +
  "KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV " +
  "MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY " +
  "QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG " +
  "TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");
const countryCodes = new Set(ISO_COUNTRY_CODES);

export const countryCodeSchema = z
  .string()
  .trim()
  .length(2)
  .transform((code) => code.toUpperCase())
  .refine((code) => countryCodes.has(code), "must be an ISO 3166-1 alpha-2 country code");

/** Letters (any script, with their accents), spaces, apostrophes, hyphens and dots. */
const personNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^\p{L}[\p{L}\p{M} '’.-]*$/u, "letters, spaces, ' - and . only");

/** A calendar date `YYYY-MM-DD` that exists (no 31 February), from 1900 on. */
export const isoDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(text) &&
      date.getUTCFullYear() >= 1900
    );
  }, "must be a real date from 1900 on");

const INTERNATIONAL_PHONE = /^\+[1-9]\d{6,14}$/;
/** A French number as dialled in France: 0 then 9 digits (06 12 34 56 78). */
const FRENCH_NATIONAL_PHONE = /^0[1-9]\d{8}$/;

/**
 * A phone number in international (E.164) form — `+`, a country code, 7 to 15 digits in all — or
 * a French number as dialled in France (06 12 34 56 78), which the server turns into +33… when
 * the nationality or the address's country is France (see `internationalPhone`). Spaces, dots,
 * dashes and parentheses people type are accepted and removed.
 */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(32)
  .transform((text) => text.replace(/[\s().-]/g, ""))
  .refine(
    (text) => INTERNATIONAL_PHONE.test(text) || FRENCH_NATIONAL_PHONE.test(text),
    "must be an international number (+33…)",
  );

/** The E.164 form of a number the schema accepted, or null when a French local number has no
 * French context to be read in. */
export function internationalPhone(text: string, france: boolean): string | null {
  if (INTERNATIONAL_PHONE.test(text)) return text;
  if (france && FRENCH_NATIONAL_PHONE.test(text)) return `+33${text.slice(1)}`;
  return null;
}

export const kycIdentityBodySchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  /** 18 or older on the day it is saved (checked by the server's clock). */
  dateOfBirth: isoDateSchema,
  nationality: countryCodeSchema,
  phoneNumber: phoneNumberSchema,
});
export type KycIdentityBody = z.infer<typeof kycIdentityBodySchema>;

export const kycAddressBodySchema = z.object({
  address: z.string().trim().min(3).max(200),
  city: z.string().trim().min(1).max(100),
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, "2 to 12 letters, digits, spaces or dashes"),
  country: countryCodeSchema,
});
export type KycAddressBody = z.infer<typeof kycAddressBodySchema>;

export const kycDocumentBodySchema = z.object({
  documentType: kycDocumentTypeSchema,
  documentNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,29}$/, "4 to 30 letters, digits, spaces or dashes")
    .transform((text) => text.toUpperCase()),
});
export type KycDocumentBody = z.infer<typeof kycDocumentBodySchema>;

export const kycFileParamsSchema = z.object({ slot: kycFileSlotSchema });

/** A stored photo as its owner and the admin see it: metadata only, never the bytes. */
export const kycFileSchema = z.object({
  slot: kycFileSlotSchema,
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type KycFile = z.infer<typeof kycFileSchema>;
/** `POST /api/kyc/files/:slot` → 201. */
export const kycFileUploadedSchema = kycFileSchema.pick({
  slot: true,
  contentType: true,
  size: true,
});

const identitySchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  nationality: z.string(),
  phoneNumber: z.string(),
});
const addressSchema = z.object({
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
const documentSchema = z.object({
  documentType: kycDocumentTypeSchema,
  documentNumber: z.string(),
});

/** The saved steps: each null until saved. */
export const kycDraftSchema = z.object({
  identity: identitySchema.nullable(),
  address: addressSchema.nullable(),
  document: documentSchema.nullable(),
  files: z.array(kycFileSchema),
});
export type KycDraft = z.infer<typeof kycDraftSchema>;

/** `GET /api/kyc` (and the answer of every step). */
export const kycStateSchema = z.object({
  status: kycRequestStatusSchema,
  draft: kycDraftSchema,
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The reason of the last rejection (kept while the user starts again). */
  rejectionReason: z.string().nullable(),
  /**
   * A new identity check is needed before the next withdrawal (an admin asked for it, decision
   * 0045): an approved request may then be changed and submitted again. Nothing more is said.
   */
  recheckRequired: z.boolean(),
});
export type KycState = z.infer<typeof kycStateSchema>;

/**
 * Admin queue: one status, sorted by submission (oldest first unless told) or by the user's
 * balance, filtered by a balance range (`minAmount`, `maxAmount`), paged (decision 0061).
 */
export const ADMIN_KYC_QUEUE_STATUSES = ["pending", "approved", "rejected"] as const;
export const adminKycQuerySchema = z
  .object({
    status: z.enum(ADMIN_KYC_QUEUE_STATUSES).default("pending"),
    ...queuePageFields,
  })
  .refine(amountRangeHolds, AMOUNT_RANGE_ISSUE);
export type AdminKycQuery = z.infer<typeof adminKycQuerySchema>;
export const adminKycItemSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  status: kycRequestStatusSchema,
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The user's spendable balance now, FRE: what the check would let them withdraw. */
  balance: z.string(),
  openedBy: queueOpenedBySchema,
});
export const adminKycListSchema = z.object({
  items: z.array(adminKycItemSchema),
  /** The next page's offset, null on the last page. */
  nextOffset: z.number().int().nullable(),
});
export type AdminKycItem = z.infer<typeof adminKycItemSchema>;
export type AdminKycList = z.infer<typeof adminKycListSchema>;

export const adminKycUserParamsSchema = z.object({ userId: z.uuid() });
export const adminKycFileParamsSchema = z.object({ userId: z.uuid(), slot: kycFileSlotSchema });
export type AdminKycFileParams = z.infer<typeof adminKycFileParamsSchema>;

/** One request as an elevated admin sees it: the fields decrypted, the photos behind `url`. */
export const adminKycRequestSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  status: kycRequestStatusSchema,
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  identity: identitySchema.nullable(),
  address: addressSchema.nullable(),
  document: documentSchema.nullable(),
  files: z.array(kycFileSchema.extend({ url: z.string() })),
});
export type AdminKycRequest = z.infer<typeof adminKycRequestSchema>;

export const adminKycDecisionBodySchema = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(KYC_REASON_MAX_LENGTH).optional(),
  })
  .refine(
    (body) => body.decision === "approve" || (body.reason?.length ?? 0) >= KYC_REASON_MIN_LENGTH,
    {
      path: ["reason"],
      message: `a rejection needs a reason of ${KYC_REASON_MIN_LENGTH} to ${KYC_REASON_MAX_LENGTH} characters`,
    },
  );
export type AdminKycDecisionBody = z.infer<typeof adminKycDecisionBodySchema>;
