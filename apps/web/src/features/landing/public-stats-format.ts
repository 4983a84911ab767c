import type { PublicStats } from "@fre/shared";
import { formatFreSafe } from "../../lib/fre-amount";
import { formatNumber } from "../../lib/number-symbols";

export type PublicFigures = Record<"users" | "miners" | "mined", string>;

/** Loaded on demand after the landing is interactive: formatting code stays out of its first JS. */
export function formatPublicStats(stats: PublicStats, language: string): PublicFigures {
  return {
    users: formatNumber(stats.totalUsers, language),
    miners: formatNumber(stats.activeMiners24h, language),
    mined: formatFreSafe(stats.totalMined, language, {
      minFractionDigits: 0,
      maxFractionDigits: 2,
    }),
  };
}
