import { createHmac, randomInt } from "node:crypto";
import {
  type Challenge,
  type ChallengeAction,
  type ChallengeSettings,
  challengeSchema,
  challengeSettingsSchema,
} from "@fre/shared";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { getOrCreateSetting, newSecret } from "../../lib/app-settings.repo.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { isLoopbackIp } from "../../lib/loopback-caller.ts";
import { type AuditActor, auditedSetting } from "../audit/index.ts";
import { hasMiningSession, pruneChallengeRows, useChallenge } from "./challenge.repo.ts";

export interface ChallengeDeps {
  db: Db;
  clock: Clock;
  /** PROOF_OF_WORK: off, nothing is asked (API tests and benches only). */
  enabled: boolean;
  /**
   * Accounts opened from this address's range since `since`: the bot-farm signals' sign-up rows
   * (decision 0045), one count for both features.
   */
  signUpsFrom: (ip: string, since: Date) => Promise<number>;
}

/** How long a challenge may be solved and sent (the widget fetches a fresh one on expiry). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The window a range's sign-ups are counted over. */
const BUSY_WINDOW_MS = 60 * 60_000;
/** Users seen to have mined, per process: their later starts ask nothing of the database. */
const KNOWN_MINERS_LIMIT = 200_000;

/**
 * SHA-256, one round per try: the phone's work is the counter hidden up to `maxNumber` (half of
 * it on average). Defaults: about 25 000 hashes, a few hundred ms on a mid-range phone's workers.
 */
export const DEFAULT_CHALLENGE_SETTINGS: ChallengeSettings = {
  maxNumber: 50_000,
  busyMaxNumber: 1_000_000,
  busySignUps: 10,
};

const payloadSchema = z.object({
  challenge: challengeSchema,
  solution: z.object({
    counter: z.number().int().min(0),
    derivedKey: z.string().max(128),
  }),
});

/** The admin's difficulty settings: the stored value, or the defaults. */
const challengeSettings = auditedSetting({
  key: "challenge_settings",
  schema: challengeSettingsSchema,
  defaults: () => ({ ...DEFAULT_CHALLENGE_SETTINGS }),
  action: "challenge.settings",
  targetId: "challenge",
});
const settingsOf = (db: Db | Tx) => challengeSettings.load(db);

export function createChallengeService(deps: ChallengeDeps) {
  const { db, clock } = deps;
  // One server secret (app_settings), two keys from it: the challenge's signature, the key's.
  let keys: Promise<{ signature: string; key: string }> | null = null;
  const keysOf = () => {
    keys ??= getOrCreateSetting(db, "challenge_secret", newSecret).then((secret) => {
      const derive = (use: string) => createHmac("sha256", secret).update(use).digest("hex");
      return { signature: derive("signature"), key: derive("key") };
    });
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };
  const knownMiners = new Set<string>();

  async function issue(action: ChallengeAction, ip: string): Promise<Challenge> {
    const [settings, secrets] = await Promise.all([settingsOf(db), keysOf()]);
    let maxNumber = settings.maxNumber;
    // This machine's own callers (an operator's script, the e2e browsers) share one address by
    // construction; a range that signs up in bulk is someone else's network.
    if (action === "sign-up" && !isLoopbackIp(ip)) {
      const since = new Date(clock.now().getTime() - BUSY_WINDOW_MS);
      const opened = await deps.signUpsFrom(ip, since);
      if (opened > settings.busySignUps) maxNumber = settings.busyMaxNumber;
    }
    // The expiry is ours (the injected clock), signed in `data` with the action it is for.
    const expires = Math.floor((clock.now().getTime() + CHALLENGE_TTL_MS) / 1000);
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: randomInt(0, maxNumber + 1),
      deriveKey,
      // `max`: the work asked, in the open (a client may show progress; a farm sees it rise).
      data: { action, exp: expires, max: maxNumber },
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
    return challengeSchema.parse(challenge);
  }

  /** The payload's challenge and signature when it is a valid solution for `action`; else throws. */
  async function check(action: ChallengeAction, payload: string | undefined) {
    if (!payload) throw new AppError("CHALLENGE_REQUIRED", 400);
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    } catch {
      throw new AppError("CHALLENGE_INVALID", 400);
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success) throw new AppError("CHALLENGE_INVALID", 400);
    const { challenge, solution } = parsed.data;
    const data = challenge.parameters.data ?? {};
    const expires = typeof data.exp === "number" ? data.exp * 1000 : 0;
    if (data.action !== action || expires <= clock.now().getTime()) {
      throw new AppError("CHALLENGE_INVALID", 400);
    }
    const secrets = await keysOf();
    const result = await verifySolution({
      challenge: challenge as Parameters<typeof verifySolution>[0]["challenge"],
      solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    }).catch(() => null);
    if (!result?.verified) throw new AppError("CHALLENGE_INVALID", 400);
    return { signature: challenge.signature, expiresAt: new Date(expires) };
  }

  /** Marks a checked challenge used: a second use of it is refused (a replay). */
  async function consume(checked: { signature: string; expiresAt: Date }) {
    if (!(await useChallenge(db, checked.signature, checked.expiresAt))) {
      throw new AppError("CHALLENGE_INVALID", 400);
    }
  }

  const remember = (userId: string) => {
    if (knownMiners.size >= KNOWN_MINERS_LIMIT) knownMiners.clear();
    knownMiners.add(userId);
  };

  return {
    enabled: deps.enabled,
    issue,
    check,
    consume,
    /**
     * The sign-up's check, before Better Auth is called: nothing while PROOF_OF_WORK is off;
     * otherwise the payload must be a valid sign-up solution. Returns what `consume` takes.
     */
    async checkSignUp(payload: string | undefined) {
      return deps.enabled ? check("sign-up", payload) : null;
    },
    /** This user has mined (a start, a claim): their later starts are not checked again. */
    remember,
    /**
     * The mining start's check. A payload is checked and used whoever sends it; without one,
     * a user this process saw mine passes at no cost, and only an unknown user costs one
     * indexed read — refused when they never mined.
     */
    async checkMiningStart(userId: string, payload: string | undefined) {
      if (!deps.enabled) return;
      if (payload) {
        await consume(await check("mining-start", payload));
        return;
      }
      if (knownMiners.has(userId)) return;
      if (!(await hasMiningSession(db, userId))) throw new AppError("CHALLENGE_REQUIRED", 400);
      remember(userId);
    },
    /** Used challenges past their expiry (a job). */
    prune: () => pruneChallengeRows(db, clock.now()),
    getSettings: () => settingsOf(db),
    setSettings: (actor: AuditActor, next: ChallengeSettings) =>
      challengeSettings.save(db, actor, next, clock.now()),
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
