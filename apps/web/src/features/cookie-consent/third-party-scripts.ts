import type { ConsentCategory } from "./consent-store";

export interface ThirdPartyScript {
  category: ConsentCategory;
  src: string;
}

/**
 * Third-party scripts loaded only after the matching consent. None is configured today;
 * adding one also needs its origin in the server's Content-Security-Policy.
 */
export const THIRD_PARTY_SCRIPTS: readonly ThirdPartyScript[] = [];
