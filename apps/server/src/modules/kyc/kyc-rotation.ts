import type { Db } from "../../db/client.ts";
import { type DataCipher, sealedKeyId, sealedTextKeyId } from "../../lib/data-encryption.ts";
import type { FileStore } from "../../lib/file-store.ts";
import {
  isStorageKeyInUse,
  type KycStep,
  listSealedSteps,
  listStorageKeys,
  replaceSealedStep,
} from "./kyc.repo.ts";
import { fileContext, stepContext } from "./kyc.service.ts";

export interface RotationProgress {
  /** Items re-sealed with the new key by this run. */
  fields: number;
  files: number;
  /** Items already under the new key (a run after a crash, or written by a server holding it). */
  current: number;
  /** Items changed by the service during the run (left as saved; a rerun checks them). */
  skipped: number;
}

const STEPS = [
  ["identity", "identitySealed"],
  ["address", "addressSealed"],
  ["document", "documentSealed"],
] as const satisfies readonly (readonly [KycStep, string])[];

/**
 * Re-seals every KYC step and stored document with `cipher`'s key (decision 0054): `cipher`
 * seals with the new key and opens with it and every older one. Each item names the key that
 * sealed it (the v2 header), so an item already under the new key is skipped: a run stopped at
 * any point (a crash, SIGKILL) resumes where it was when started again. Safe while the service
 * runs: a step is replaced only if it still holds what was read (compare-and-set), a file is
 * rewritten under its own key (a put replaces atomically) and, when the photo was replaced
 * meanwhile, the object the rewrite brought back is deleted again. Files go first, then the steps;
 * every write is complete on its own, so no order between them matters for a crash.
 */
export async function rotateKycData(deps: {
  db: Db;
  files: FileStore;
  cipher: DataCipher;
  batchSize: number;
  /** After each batch (progress lines; a test's pause). */
  onBatch?: (progress: RotationProgress) => Promise<void> | void;
}): Promise<RotationProgress> {
  const { db, files, cipher, batchSize } = deps;
  const progress: RotationProgress = { fields: 0, files: 0, current: 0, skipped: 0 };

  let afterKey = "";
  for (;;) {
    const keys = await listStorageKeys(db, afterKey, batchSize);
    if (keys.length === 0) break;
    for (const key of keys) {
      const stored = await files.get(key);
      if (!stored) continue;
      if (sealedKeyId(stored.bytes) === cipher.keyId) {
        progress.current += 1;
        continue;
      }
      const context = fileContext(key);
      const resealed = cipher.seal(cipher.open(stored.bytes, context), context);
      await files.put(key, resealed, { contentType: stored.contentType });
      if (!(await isStorageKeyInUse(db, key))) {
        await files.delete(key);
        progress.skipped += 1;
        continue;
      }
      progress.files += 1;
    }
    afterKey = keys[keys.length - 1]!;
    await deps.onBatch?.(progress);
  }

  let afterUser = "";
  for (;;) {
    const rows = await listSealedSteps(db, afterUser, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      for (const [step, column] of STEPS) {
        const sealed = row[column];
        if (!sealed) continue;
        if (sealedTextKeyId(sealed) === cipher.keyId) {
          progress.current += 1;
          continue;
        }
        const context = stepContext(row.userId, step);
        const next = cipher.sealText(cipher.openText(sealed, context), context);
        if (await replaceSealedStep(db, row.userId, step, sealed, next)) progress.fields += 1;
        else progress.skipped += 1;
      }
    }
    afterUser = rows[rows.length - 1]!.userId;
    await deps.onBatch?.(progress);
  }
  return progress;
}
