import { COMMUNITY_LINK_IDS, type CommunityLinks } from "@fre/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/index.ts";

const COMMUNITY_LINKS_KEY = "community_links";

/** The stored links; a link never set (or stored in an older shape) is "" — hidden. */
export async function readCommunityLinks(
  db: Db,
  /** Locks the stored row until the transaction ends (a change and its audit line). */
  options: { lock?: boolean } = {},
): Promise<CommunityLinks> {
  const query = db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMMUNITY_LINKS_KEY));
  const [row] = options.lock ? await query.for("update") : await query;
  const stored = (row?.value ?? {}) as Partial<Record<string, unknown>>;
  const links = {} as CommunityLinks;
  for (const id of COMMUNITY_LINK_IDS) {
    const value = stored[id];
    links[id] = typeof value === "string" ? value : "";
  }
  return links;
}

export async function writeCommunityLinks(db: Db, links: CommunityLinks): Promise<void> {
  const value = Object.fromEntries(COMMUNITY_LINK_IDS.map((id) => [id, links[id]]));
  await db
    .insert(appSettings)
    .values({ key: COMMUNITY_LINKS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}
