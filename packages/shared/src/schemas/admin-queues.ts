import { z } from "zod";
import { isFreAmount, parseFre } from "../money.ts";
import { freAmountSchema } from "./common.ts";

/**
 * How an admin queue (KYC, withdrawals) is ordered (decision 0061): by age — the oldest request
 * first, or the newest — or by amount, high to low or low to high. For withdrawals the amount is
 * the request's; for KYC it is the user's balance (what the check unlocks).
 */
export const QUEUE_SORTS = ["oldest", "newest", "amount_desc", "amount_asc"] as const;
export const queueSortSchema = z.enum(QUEUE_SORTS);
export type QueueSort = z.infer<typeof queueSortSchema>;

export const QUEUE_PAGE_MAX = 100;
export const QUEUE_PAGE_DEFAULT = 50;
/** How deep a queue may be paged (a queue this long is searched by filters, not by paging). */
export const QUEUE_OFFSET_MAX = 10_000;
/**
 * An admin's open of a request is shown to the other admins for this long (decision 0061): long
 * enough to read a request and decide, short enough that a forgotten tab does not hold it.
 */
export const QUEUE_OPEN_WINDOW_MINUTES = 10;

/** How long a queue's search may be (a nickname or an e-mail's start). */
export const QUEUE_SEARCH_MAX = 64;

/**
 * The sort, search, amount range and page every queue accepts, amounts typed as people write
 * them. `q`: the user's nickname or e-mail starts with it (any case).
 */
export const queuePageFields = {
  sort: queueSortSchema.optional(),
  q: z.string().trim().min(1).max(QUEUE_SEARCH_MAX).optional(),
  /** From this amount (FRE, inclusive); « 100,5 » and « 100.5 » alike. */
  minAmount: freAmountSchema.optional(),
  /** Up to this amount (FRE, inclusive). */
  maxAmount: freAmountSchema.optional(),
  limit: z.coerce.number().int().min(1).max(QUEUE_PAGE_MAX).default(QUEUE_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(QUEUE_OFFSET_MAX).default(0),
};

/** A range whose bounds cross is refused (400), never silently empty. */
export const amountRangeHolds = (query: { minAmount?: string; maxAmount?: string }) =>
  query.minAmount === undefined ||
  query.maxAmount === undefined ||
  !isFreAmount(query.minAmount) ||
  !isFreAmount(query.maxAmount) ||
  parseFre(query.minAmount) <= parseFre(query.maxAmount);
export const AMOUNT_RANGE_ISSUE = {
  path: ["maxAmount"],
  message: "must be at least minAmount",
};

/**
 * Another admin opened this request within the window: who, when, and how many whole minutes
 * ago by the server's clock (the screen says « ouverte par Camille_M il y a 2 min »). Null when
 * nobody else did; an admin's own opens are never shown to themselves.
 */
export const queueOpenedBySchema = z
  .object({
    nickname: z.string().nullable(),
    at: z.string(),
    minutesAgo: z.number().int().min(0),
  })
  .nullable();
export type QueueOpenedBy = z.infer<typeof queueOpenedBySchema>;

/** `POST …/open`: recorded; the answer says whether another admin has it open too. */
export const queueOpenSchema = z.object({ openedBy: queueOpenedBySchema });
export type QueueOpen = z.infer<typeof queueOpenSchema>;
