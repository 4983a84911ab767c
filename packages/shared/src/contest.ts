/** The 10 sequential contest levels (spec §9) and what validates each. */
export const CONTEST_TASKS = [
  { level: 1, task: "join_chat", kind: "social" },
  { level: 2, task: "join_channel", kind: "social" },
  { level: 3, task: "follow_microblog", kind: "social" },
  { level: 4, task: "follow_social", kind: "social" },
  { level: 5, task: "follow_video", kind: "social" },
  { level: 6, task: "invite_friend", kind: "referral" },
  { level: 7, task: "add_ton_wallet", kind: "wallet" },
  { level: 8, task: "buy_fre1", kind: "purchase" },
  { level: 9, task: "buy_fre3", kind: "purchase" },
  { level: 10, task: "buy_fre5", kind: "purchase" },
] as const;
export type ContestTask = (typeof CONTEST_TASKS)[number];
/** A social task validates when confirmed at least this long after its link was opened. */
export const SOCIAL_TASK_MIN_MS = 10_000;
