import { createHmac } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { addressRange } from "../../lib/client-network.ts";
import type { Clock } from "../../lib/clock.ts";
import { safeError } from "../../lib/log-safety.ts";
import {
  countSignUpsFrom,
  insertSignal,
  insertSignalOnce,
  pruneSignalsBefore,
  setDocumentNumberHash,
} from "./signals.repo.ts";

/**
 * The bot-farm signals (issue 25 point 3, decision 0045): where (the address range) and on which
 * browser (the first-party device id) each account signed up and signs in, and its KYC document
 * number — each kept only as a keyed hash under the server's auth secret. Equal inputs give equal
 * hashes, so the nightly scoring finds accounts that share one; the address, the id and the number
 * cannot be read back, nor guessed from the hash without the secret.
 */

/** How long a signal is kept (the retention sweep deletes older rows; privacy policy). */
export const SIGNALS_KEPT_DAYS = 90;
const SIGNALS_KEPT_MS = SIGNALS_KEPT_DAYS * 24 * 60 * 60_000;
/** One sign-in row per user, network and device per day: enough to link accounts. */
const SIGN_IN_EVERY_MS = 24 * 60 * 60_000;

export type SignalKind = "sign-up" | "sign-in";

/** A document number as typed, as one text: NFKC, upper case, no spaces, dashes or dots. */
export function normaliseDocumentNumber(documentNumber: string): string {
  return documentNumber
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s.\-‐‑‒–—―−]/gu, "");
}

/** The three keyed hashes, each under a key of its own derived from the secret. */
export function riskHashes(secret: string) {
  const keyOf = (label: string) => createHmac("sha256", secret).update(label).digest();
  const networkKey = keyOf("fre risk network v1");
  const deviceKey = keyOf("fre risk device v1");
  const documentKey = keyOf("fre risk document v1");
  // 22 base64url characters: 132 bits, as the challenge's range hash.
  const hash = (key: Buffer, text: string) =>
    createHmac("sha256", key).update(text).digest("base64url").slice(0, 22);
  return {
    /** The client address's range (IPv4 /24, IPv6 /48), hashed: the address itself is dropped. */
    network: (ip: string) => hash(networkKey, addressRange(ip)),
    /** The first-party device id (the `fre.did` cookie), hashed. */
    device: (deviceId: string) => hash(deviceKey, deviceId),
    /** A KYC document number, normalised, with its issuing country when one is known. */
    documentNumber: (documentNumber: string, country?: string | null) => {
      const number = normaliseDocumentNumber(documentNumber);
      return hash(documentKey, country ? `${country.trim().toUpperCase()}:${number}` : number);
    },
  };
}

export type RiskHashes = ReturnType<typeof riskHashes>;

export interface AccountSignalsDeps {
  db: Db;
  clock: Clock;
  /** The server's auth secret (AUTH_SECRET or the generated one). */
  secret: string;
  log: Pick<FastifyBaseLogger, "warn">;
}

export interface Signal {
  userId: string;
  kind: SignalKind;
  /** The request's address (`request.ip`, behind the configured proxies). */
  ip: string;
  /** The browser's first-party id, when it has one. */
  deviceId: string | null;
}

export function accountSignals(deps: AccountSignalsDeps) {
  const hashes = riskHashes(deps.secret);
  return {
    hashes,
    /**
     * Records one sign-up or sign-in. Never throws: a signal is worth less than the sign-in it
     * describes; a failure is logged without the values.
     */
    async record(signal: Signal): Promise<void> {
      try {
        const at = deps.clock.now();
        const row = {
          userId: signal.userId,
          kind: signal.kind,
          network: hashes.network(signal.ip),
          device: signal.deviceId ? hashes.device(signal.deviceId) : null,
          at,
        };
        if (signal.kind === "sign-up") await insertSignal(deps.db, row);
        else await insertSignalOnce(deps.db, row, new Date(at.getTime() - SIGN_IN_EVERY_MS));
      } catch (error) {
        deps.log.warn({ err: safeError(error), kind: signal.kind }, "account signal not recorded");
      }
    },
    /**
     * Keeps the keyed hash of a KYC request's document number, in the submission's transaction
     * (the number itself stays sealed in the request). No issuing country is asked for today.
     */
    async recordDocumentNumber(tx: Tx, userId: string, documentNumber: string): Promise<void> {
      await setDocumentNumberHash(tx, userId, hashes.documentNumber(documentNumber));
    },
    /** Accounts opened from this address's range since `since` (the proof of work's busy range). */
    signUpsFrom: (ip: string, since: Date) => countSignUpsFrom(deps.db, hashes.network(ip), since),
  };
}

export type AccountSignals = ReturnType<typeof accountSignals>;

/** The retention sweep's part: signals older than 90 days go, batch after batch. */
export async function sweepOldSignals(db: Db, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - SIGNALS_KEPT_MS);
  let total = 0;
  for (;;) {
    const gone = await pruneSignalsBefore(db, before);
    total += gone;
    if (gone === 0) return total;
  }
}
