import type { DailyState } from "@fre/shared";

export type DayStatus = "claimed" | "today" | "next" | "upcoming";

/**
 * Each cycle day's place on the 7-day track: the days of this cycle already claimed, the one
 * to claim now (or claimed today), and those after it. A broken streak starts again at day 1.
 */
export function dayStatuses(state: Pick<DailyState, "day" | "claimedToday">): DayStatus[] {
  return Array.from({ length: 7 }, (_, index) => {
    const day = index + 1;
    if (day < state.day) return "claimed";
    if (day === state.day) return state.claimedToday ? "claimed" : "today";
    if (day === state.day + 1 && state.claimedToday) return "next";
    return "upcoming";
  });
}

/** The reward of the day a claim gives now (or gave today). */
export const todaysReward = (state: Pick<DailyState, "day" | "rewards">) =>
  state.rewards[state.day - 1] ?? "0";
