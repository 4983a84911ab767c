import type { CommunityLinks, CommunityLinksBody, LegalInfo } from "@fre/shared";
import { type Config, LEGAL_DEFAULTS } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { readCommunityLinks, writeCommunityLinks } from "./legal.repo.ts";

/** Who runs the service, as the legal pages show it (from the LEGAL_* settings). */
export type OperatorDetails = Omit<LegalInfo, "community">;

export interface LegalDeps {
  db: Db;
  details: OperatorDetails;
  /** The server answers on a public address: demonstration details there are a mistake. */
  publicSite: boolean;
}

type LegalKey = keyof typeof LEGAL_DEFAULTS;

export function operatorDetails(config: Pick<Config, LegalKey>): OperatorDetails {
  return {
    operator: {
      name: config.LEGAL_OPERATOR_NAME,
      legalForm: config.LEGAL_OPERATOR_FORM,
      address: config.LEGAL_OPERATOR_ADDRESS,
      registration: config.LEGAL_OPERATOR_REGISTRATION,
      phone: config.LEGAL_OPERATOR_PHONE,
      email: config.LEGAL_CONTACT_EMAIL,
      publicationDirector: config.LEGAL_PUBLICATION_DIRECTOR,
    },
    host: {
      name: config.LEGAL_HOST_NAME,
      address: config.LEGAL_HOST_ADDRESS,
      phone: config.LEGAL_HOST_PHONE,
    },
    privacyEmail: config.LEGAL_PRIVACY_EMAIL,
    demo: (Object.keys(LEGAL_DEFAULTS) as LegalKey[]).some(
      (key) => config[key] === LEGAL_DEFAULTS[key],
    ),
  };
}

export async function getLegalInfo(deps: Pick<LegalDeps, "db" | "details">): Promise<LegalInfo> {
  return { ...deps.details, community: await readCommunityLinks(deps.db) };
}

/** Saves the links as given (validated: https on a public name, or "" to hide one). */
export async function setCommunityLinks(
  deps: Pick<LegalDeps, "db">,
  links: CommunityLinksBody,
): Promise<CommunityLinks> {
  await writeCommunityLinks(deps.db, links);
  return readCommunityLinks(deps.db);
}
