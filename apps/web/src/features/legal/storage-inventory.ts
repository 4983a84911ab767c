/**
 * Every cookie and browser storage entry FRE sets, as the cookie policy lists them. The
 * inventory test finds the keys in the code: a new one fails it until it is listed here (and
 * described in the five `legal` catalogs, under `storage.items`).
 */
export type StorageKind = "cookie" | "localStorage" | "sessionStorage" | "cacheStorage";

export interface StoredEntry {
  /** Its description in the `legal` catalog: `storage.items.<id>`. */
  id:
    | "session"
    | "device"
    | "deviceId"
    | "view"
    | "language"
    | "consent"
    | "signedIn"
    | "pushOffer"
    | "information"
    | "verified"
    | "sound"
    | "tonConnect"
    | "telegram"
    | "appCache";
  /** The names it goes by; `*` stands for any ending (a library's or a version's). */
  names: readonly string[];
  kind: StorageKind;
  /** The cookie banner's category that gates it: all of today's are necessary. */
  category: "necessary";
}

export const STORAGE_INVENTORY: readonly StoredEntry[] = [
  {
    id: "session",
    // Better Auth's companion cookie of a "don't remember me" session (the key rotation's grace
    // re-signs it with the session's: decision 0054).
    names: [
      "fre.session_token",
      "__Secure-fre.session_token",
      "fre.dont_remember",
      "__Secure-fre.dont_remember",
    ],
    kind: "cookie",
    category: "necessary",
  },
  {
    id: "device",
    names: ["fre.device", "__Secure-fre.device"],
    kind: "cookie",
    category: "necessary",
  },
  {
    id: "deviceId",
    names: ["fre.did", "__Secure-fre.did"],
    kind: "cookie",
    category: "necessary",
  },
  { id: "view", names: ["fre_view"], kind: "cookie", category: "necessary" },
  { id: "language", names: ["fre.language"], kind: "localStorage", category: "necessary" },
  { id: "consent", names: ["fre.cookieConsent"], kind: "localStorage", category: "necessary" },
  { id: "signedIn", names: ["fre.signedIn"], kind: "localStorage", category: "necessary" },
  {
    id: "pushOffer",
    names: ["fre.pushBannerDismissed"],
    kind: "localStorage",
    category: "necessary",
  },
  {
    id: "information",
    names: ["fre.informationPopupDismissed"],
    kind: "localStorage",
    category: "necessary",
  },
  { id: "verified", names: ["fre.seenUnverified"], kind: "localStorage", category: "necessary" },
  { id: "sound", names: ["fre.games.sound"], kind: "localStorage", category: "necessary" },
  { id: "tonConnect", names: ["ton-connect-*"], kind: "localStorage", category: "necessary" },
  {
    id: "telegram",
    names: ["fre.tg", "fre.tgReturn", "fre.tgSettled"],
    kind: "sessionStorage",
    category: "necessary",
  },
  { id: "appCache", names: ["fre-shell-*"], kind: "cacheStorage", category: "necessary" },
];
