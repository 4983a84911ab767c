/**
 * Every external address the web app links to, in one place. These are placeholders
 * until the real community, legal and white-paper addresses are known.
 */
export const EXTERNAL_LINKS = {
  whitePaper: "https://fre.example/white-paper",
  officialSite: "https://fre.example/",
  community: "https://fre.example/community",
  microblog: "https://fre.example/x",
  socialNetwork: "https://fre.example/social",
  privacyPolicy: "https://fre.example/legal/privacy-policy",
  cookiePolicy: "https://fre.example/legal/cookie-policy",
  terms: "https://fre.example/legal/terms",
} as const;
