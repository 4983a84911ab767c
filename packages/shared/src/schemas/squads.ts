import { z } from "zod";
import { isTakeableNickname } from "../constants.ts";
import { nicknameSchema } from "./auth.ts";
import { UNSAFE_CHARACTER } from "./common.ts";

/** Squads (issue 38 point 3, decision 0074): communities mining together on a weekly board. */

/** The contest level a user must have validated to create a squad. */
export const SQUAD_CREATE_MIN_LEVEL = 2;
/** After leaving a squad, this long before joining another one. */
export const SQUAD_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** How many squads the weekly board lists. */
export const SQUAD_BOARD_SIZE = 100;
/** How many members a squad page lists (the best of the week first). */
export const SQUAD_PAGE_MEMBERS = 100;

/** Control characters and bidi overrides: never in a name or a link. */
const safeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !UNSAFE_CHARACTER.test(text), "must not contain control characters");

/** A squad name follows the nickname rules (the sign-up's validator): 3–20 letters, digits, `_ - .`. */
export const isValidSquadName = (name: string): boolean =>
  nicknameSchema.safeParse(name).success && isTakeableNickname(name.trim());

/** A squad's Telegram group or channel: a t.me link only. */
export const SQUAD_TELEGRAM_URL =
  /^https:\/\/(t\.me|telegram\.me)\/[A-Za-z0-9_+-]{1,64}(\/\d{1,12})?$/;

/** `POST /api/squads`. The name's rules are the server's (SQUAD_NAME_INVALID), bounded here. */
export const squadCreateBodySchema = z.object({
  name: safeText(100),
  telegramUrl: safeText(200)
    .trim()
    .regex(SQUAD_TELEGRAM_URL, "must be a https://t.me/… link")
    .nullish(),
});
export type SquadCreateBody = z.infer<typeof squadCreateBodySchema>;

/** An ISO week (`2026-W49`), as the leagues name them. */
export const isoWeekNameSchema = z
  .string()
  .regex(/^\d{4}-W\d{2}$/, "must be an ISO week (2026-W49)");

/** `GET /api/squads/leaderboard?week=`: this week by default. */
export const squadBoardQuerySchema = z.object({ week: isoWeekNameSchema.optional() });

/** One squad on a board: its rank this week, members, FRE its members mined while members. */
export const squadLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  rank: z.number().int(),
  members: z.number().int(),
  mined: z.string(),
});
export type SquadLine = z.infer<typeof squadLineSchema>;

const weekFields = {
  week: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
};

/** The caller's own standing: their squad (if any) and when they may join another. */
export const squadViewerSchema = z.object({
  squadId: z.string().nullable(),
  /** Set while the 24 h after leaving a squad run: joining another waits until then. */
  cooldownUntil: z.string().nullable(),
  /** Whether the caller's level allows creating a squad. */
  canCreate: z.boolean(),
});

/** `GET /api/squads/leaderboard`. */
export const squadBoardSchema = z.object({
  ...weekFields,
  squads: z.array(squadLineSchema),
  /** The caller's squad with its rank, also when it is not in the top 100 (null: none). */
  mine: squadLineSchema.nullable(),
  viewer: squadViewerSchema,
});
export type SquadBoard = z.infer<typeof squadBoardSchema>;

/** `GET /api/squads/:id` (and the answer of create and join). */
export const squadDetailSchema = z.object({
  ...weekFields,
  id: z.string(),
  name: z.string(),
  telegramUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Hidden by an admin: off the board, closed to new members. */
  hidden: z.boolean(),
  /** This week's rank on the board (null while hidden). */
  rank: z.number().int().nullable(),
  mined: z.string(),
  memberCount: z.number().int(),
  creator: z.string().nullable(),
  /** The creator's referral code: the share link registers a new user as their referral. */
  inviteCode: z.string().nullable(),
  members: z.array(
    z.object({
      nickname: z.string(),
      mined: z.string(),
      creator: z.boolean(),
      me: z.boolean(),
    }),
  ),
  viewer: squadViewerSchema,
});
export type SquadDetail = z.infer<typeof squadDetailSchema>;

/**
 * `GET /api/squads/:id/preview`: what the share link shows a signed-out visitor — public facts
 * only (no member list, no nickname); the invite code is the one the link itself carries.
 */
export const squadPreviewSchema = z.object({
  ...weekFields,
  id: z.string(),
  name: z.string(),
  telegramUrl: z.string().nullable(),
  memberCount: z.number().int(),
  /** FRE its members mined this week while members. */
  mined: z.string(),
  /** This week's rank on the board (null: not on it yet). */
  rank: z.number().int().nullable(),
  /** The creator's referral code (null when the creator's account is gone). */
  inviteCode: z.string().nullable(),
});
export type SquadPreview = z.infer<typeof squadPreviewSchema>;

/** `PATCH /api/admin/squads/:id`: rename, hide or show again (each audited). */
export const squadAdminPatchSchema = z
  .object({ name: safeText(100).optional(), hidden: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.hidden !== undefined, "name or hidden is required");
export type SquadAdminPatch = z.infer<typeof squadAdminPatchSchema>;

/** `GET /api/admin/squads?q=`: a name's start (any case), newest first. */
export const squadAdminQuerySchema = z.object({ q: safeText(20).trim().optional() });

export const squadAdminListSchema = z.object({
  squads: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      memberCount: z.number().int(),
      creator: z.string().nullable(),
      createdAt: z.string(),
      hidden: z.boolean(),
      disbanded: z.boolean(),
    }),
  ),
});
export type SquadAdminList = z.infer<typeof squadAdminListSchema>;
