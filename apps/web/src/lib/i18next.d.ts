import "i18next";
import type admin from "../locales/fr/admin.json";
import type ads from "../locales/fr/ads.json";
import type app from "../locales/fr/app.json";
import type auth from "../locales/fr/auth.json";
import type common from "../locales/fr/common.json";
import type contest from "../locales/fr/contest.json";
import type games from "../locales/fr/games.json";
import type help from "../locales/fr/help.json";
import type kyc from "../locales/fr/kyc.json";
import type landing from "../locales/fr/landing.json";
import type legal from "../locales/fr/legal.json";
import type messages from "../locales/fr/messages.json";
import type pwa from "../locales/fr/pwa.json";
import type shop from "../locales/fr/shop.json";
import type ton from "../locales/fr/ton.json";
import type withdrawals from "../locales/fr/withdrawals.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      common: typeof common;
      landing: typeof landing;
      auth: typeof auth;
      app: typeof app;
      admin: typeof admin;
      messages: typeof messages;
      contest: typeof contest;
      pwa: typeof pwa;
      help: typeof help;
      shop: typeof shop;
      ton: typeof ton;
      kyc: typeof kyc;
      withdrawals: typeof withdrawals;
      games: typeof games;
      legal: typeof legal;
      ads: typeof ads;
    };
  }
}
