import { freAmountSchema, parseFre, parseTypedAmount } from "@fre/shared";

export type LimitField = "minBet" | "maxBet";
/** What is wrong with a typed bound: empty, not an amount (or beyond the ledger's bound), 0, or
 * a minimum above the maximum. */
export type LimitIssue = "required" | "format" | "zero" | "minAboveMax";

/** What the admin typed, as the API reads amounts: « 1 000,5 » → "1000.5" (parseTypedAmount). */
export function normalizeLimit(typed: string): string {
  const parsed = parseTypedAmount(typed);
  return parsed.ok ? parsed.value : typed.trim();
}

/** A stored bound as the admin types it: "100.000000000" → "100", "0.500000000" → "0.5". */
export function editableLimit(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return trimmed ? `${whole}.${trimmed}` : whole;
}

/**
 * The same rules as the API's (gameLimitsBodySchema: 0 < min ≤ max ≤ MAX_FRE_AMOUNT), each on
 * the field to fix; the body to send when there is nothing to fix.
 */
export function checkLimits(typed: Record<LimitField, string>): {
  issues: Partial<Record<LimitField, LimitIssue>>;
  body: Record<LimitField, string> | null;
} {
  const body = { minBet: normalizeLimit(typed.minBet), maxBet: normalizeLimit(typed.maxBet) };
  const issues: Partial<Record<LimitField, LimitIssue>> = {};
  for (const field of ["minBet", "maxBet"] as const) {
    if (body[field] === "") issues[field] = "required";
    else if (!freAmountSchema.safeParse(body[field]).success) issues[field] = "format";
    else if (parseFre(body[field]) === 0n) issues[field] = "zero";
  }
  if (!issues.minBet && !issues.maxBet && parseFre(body.minBet) > parseFre(body.maxBet)) {
    issues.minBet = "minAboveMax";
  }
  return { issues, body: Object.keys(issues).length === 0 ? body : null };
}
