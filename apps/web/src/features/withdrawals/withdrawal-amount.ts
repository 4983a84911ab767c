import { parseFre, parseTypedAmount, type Withdrawal, withdrawalAmountSchema } from "@fre/shared";

export type AmountIssue = "required" | "format" | "belowMinimum" | "aboveBalance";

/** What the user typed, as the API reads amounts: « 1 030,25 » → "1030.25" (parseTypedAmount). */
export function typedAmount(typed: string): string | null {
  const parsed = parseTypedAmount(typed);
  return parsed.ok ? parsed.value : null;
}

/** The amount's issue against the limits the server gave (decimal strings), or none. */
export function amountIssue(
  typed: string,
  limits: { minimum: string; balance: string },
): AmountIssue | undefined {
  if (typed.trim() === "") return "required";
  const amount = typedAmount(typed);
  if (amount === null || !withdrawalAmountSchema.safeParse(amount).success) return "format";
  const nano = parseFre(amount);
  if (nano < parseFre(limits.minimum)) return "belowMinimum";
  if (nano > parseFre(limits.balance)) return "aboveBalance";
  return undefined;
}

/** The whole balance as an amount to type: "41.500000000" → "41.5". */
export function maxAmount(balance: string): string {
  const [whole = "0", fraction = ""] = balance.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return trimmed ? `${whole}.${trimmed}` : whole;
}

/** The balance reaches the minimum: a withdrawal can be asked for. */
export function canWithdraw(limits: { minimum: string; balance: string }): boolean {
  return parseFre(limits.balance) >= parseFre(limits.minimum);
}

/** A request the server is still working on: the page asks about it again. */
export const isInFlight = (withdrawal: Pick<Withdrawal, "status">) =>
  withdrawal.status === "pending" || withdrawal.status === "processing";
