/** The FAQ's questions, in reading order; each id is also the anchor (`/faq#kyc`). */
export const FAQ_ITEMS = [
  { id: "what", links: [] },
  { id: "session", links: [{ to: "/dashboard", label: "dashboard" }] },
  { id: "email", links: [] },
  { id: "rate", links: [{ to: "/dashboard", label: "dashboard" }] },
  { id: "referrals", links: [{ to: "/group", label: "group" }] },
  { id: "bonusCodes", links: [{ to: "/wallet", label: "wallet" }] },
  { id: "contest", links: [{ to: "/contest", label: "contest" }] },
  { id: "boosts", links: [{ to: "#acheter", label: "howToBuy" }] },
  { id: "kyc", links: [{ to: "/kyc", label: "kyc" }] },
  { id: "withdrawals", links: [{ to: "/withdrawal", label: "withdrawal" }] },
  { id: "games", links: [{ to: "/game", label: "game" }] },
  { id: "notifications", links: [{ to: "/notifications", label: "notifications" }] },
  { id: "privacy", links: [] },
] as const satisfies readonly {
  id: string;
  links: readonly { to: string; label: string }[];
}[];

export type FaqId = (typeof FAQ_ITEMS)[number]["id"];

/** The anchor of the how-to-buy section (`/faq#acheter`). */
export const HOW_TO_BUY_ANCHOR = "acheter";

export const isFaqId = (value: string): value is FaqId =>
  FAQ_ITEMS.some((item) => item.id === value);
