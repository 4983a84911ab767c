/**
 * How the games write their amounts and percentages: plain functions of the language, shared by
 * the screens, their shared parts (components/) and the games' table (game-screens).
 */
import { formatDecimal } from "../../lib/format";
import { formatFreSafe } from "../../lib/fre-amount";

/** A published percentage ("98.9878", rounded down) shown with 2 digits, still rounded down. */
export function percentText(percent: string, language: string): string {
  const [whole = "0", fraction = ""] = percent.split(".");
  const truncated = Number(`${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`);
  return formatDecimal(truncated, language, { min: 2, max: 2 });
}

/** An amount played, won or held: the balance's rule, as on every screen of the app. */
export const freText = (amount: string, language: string) =>
  formatFreSafe(amount, language, "balance");

/** A game's rule (bet bounds): its own digits, nothing padded. */
export const freRule = (amount: string, language: string) =>
  formatFreSafe(amount, language, "exact");
