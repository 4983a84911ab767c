import type { CommunityLinks, CommunityLinksBody, LegalInfo } from "@fre/shared";
import { type Config, LEGAL_DEFAULTS } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { readCommunityLinks, writeCommunityLinks } from "./legal.repo.ts";

/** Who runs the service, as the legal pages show it (from the LEGAL_* settings). */
export type OperatorDetails = Omit<LegalInfo, "community">;

export interface LegalDeps {
  db: Db;
  clock: Clock;
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

/**
 * Saves the links as given (validated: https on a public name, or "" to hide one); the change and
 * its audit line (every link before and after) commit together.
 */
export async function setCommunityLinks(
  deps: Pick<LegalDeps, "db" | "clock">,
  actor: AuditActor,
  links: CommunityLinksBody,
): Promise<CommunityLinks> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await readCommunityLinks(tx, { lock: true });
    await writeCommunityLinks(tx, links);
    const after = await readCommunityLinks(tx);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "legal.community_links_update",
      targetType: "settings",
      targetId: "community_links",
      before,
      after,
      ip: actor.ip,
      at: now,
    });
    return after;
  });
}
