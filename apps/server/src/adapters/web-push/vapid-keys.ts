import type { Db } from "../../db/client.ts";
import { getOrCreateSetting } from "../../lib/app-settings.repo.ts";
import { generateVapidKeys, type VapidKeys } from "./web-push-transport.ts";

/** VAPID keys are generated at first start and kept in the database (same for every instance). */
export const loadVapidKeys = (db: Db) =>
  getOrCreateSetting<VapidKeys>(db, "vapid_keys", generateVapidKeys);
