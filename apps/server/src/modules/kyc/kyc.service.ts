import { randomBytes } from "node:crypto";
import {
  type AdminKycDecisionBody,
  type AdminKycQuery,
  type AdminKycRequest,
  formatNano,
  internationalPhone,
  KYC_MIN_AGE_YEARS,
  KYC_PARTS,
  type KycAddressBody,
  type KycDocumentBody,
  type KycDraft,
  type KycFileSlot,
  type KycIdentityBody,
  type KycPart,
  type KycState,
  parseFre,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DataCipher } from "../../lib/data-encryption.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import type { FileStore } from "../../lib/file-store.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { openedByOthers, recordOpen } from "../queue-opens/index.ts";
import type { AccountSignals } from "../risk/signals.ts";
import {
  findFile,
  findNickname,
  findRequest,
  insertFileView,
  type KycFileRow,
  type KycRequestRow,
  type KycStep,
  listFiles,
  listRequestsByStatus,
  lockExistingRequest,
  lockRequest,
  markDraft,
  markSubmitted,
  recordVerdict,
  saveStep,
  setUserKycStatus,
  upsertFile,
} from "./kyc.repo.ts";
import { reencodeImage } from "./kyc-image.ts";

export interface KycDeps {
  db: Db;
  clock: Clock;
  /** Where the photos go (encrypted before they leave this module). */
  files: FileStore;
  /** The data key's cipher, resolved on first use (see lib/data-encryption.ts). */
  cipher: () => Promise<DataCipher>;
  /** The verdict's notification and mail, written with the verdict. */
  events: Pick<DomainEvents, "notify" | "mail">;
  /** Keeps the submitted document number's keyed hash (bot-farm signals, decision 0045). */
  documentNumbers: Pick<AccountSignals, "recordDocumentNumber">;
}

type Identity = KycIdentityBody;
type Address = KycAddressBody;
type Document = KycDocumentBody;
interface Steps {
  identity: Identity | null;
  address: Address | null;
  document: Document | null;
}

/** What a sealed value is bound to: a step of one user's request, or one stored file. */
export const stepContext = (userId: string, step: KycStep) => `kyc:${userId}:${step}`;
export const fileContext = (storageKey: string) => `kyc-file:${storageKey}`;

async function openSteps(deps: Pick<KycDeps, "cipher">, row: KycRequestRow): Promise<Steps> {
  const cipher = await deps.cipher();
  const open = <T>(sealed: string | null, step: KycStep): T | null =>
    sealed ? (JSON.parse(cipher.openText(sealed, stepContext(row.userId, step))) as T) : null;
  return {
    identity: open<Identity>(row.identitySealed, "identity"),
    address: open<Address>(row.addressSealed, "address"),
    document: open<Document>(row.documentSealed, "document"),
  };
}

const fileView = (f: KycFileRow) => ({
  slot: f.slot,
  contentType: f.contentType,
  size: f.size,
  uploadedAt: f.uploadedAt.toISOString(),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `GET /api/kyc`: where the user stands, and the saved steps to resume from. */
export async function getMyKyc(deps: KycDeps, userId: string): Promise<KycState> {
  const row = await findRequest(deps.db, userId);
  if (!row) {
    return {
      status: "none",
      draft: { identity: null, address: null, document: null, files: [] },
      submittedAt: null,
      reviewedAt: null,
      rejectionReason: null,
      recheckRequired: false,
    };
  }
  const [steps, files] = await Promise.all([openSteps(deps, row), listFiles(deps.db, userId)]);
  const draft: KycDraft = { ...steps, files: files.map(fileView) };
  return {
    status: row.status,
    draft,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    rejectionReason: row.rejectionReason,
    recheckRequired: row.recheckDue,
  };
}

/**
 * A request under review or approved is frozen; a rejected one may be worked on again, and so may
 * an approved one when an admin asked for a new check (decision 0045: it becomes a draft again).
 */
function assertEditable(row: KycRequestRow) {
  if (row.status === "pending" || (row.status === "approved" && !row.recheckDue)) {
    throw new AppError("KYC_LOCKED", 409, { status: row.status });
  }
}

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) is at least `years` old on `today`. */
export function isAtLeast(dateOfBirth: string, years: number, today: Date): boolean {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  if (ty - y !== years) return ty - y > years;
  return tm > m || (tm === m && td >= d);
}

async function saveSealedStep(deps: KycDeps, userId: string, step: KycStep, value: object) {
  const sealed = (await deps.cipher()).sealText(JSON.stringify(value), stepContext(userId, step));
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    assertEditable(await lockRequest(tx, userId, now));
    await saveStep(tx, userId, step, sealed, now);
  });
  return getMyKyc(deps, userId);
}

export async function saveIdentity(deps: KycDeps, userId: string, body: KycIdentityBody) {
  if (!isAtLeast(body.dateOfBirth, KYC_MIN_AGE_YEARS, deps.clock.now())) {
    throw new AppError(
      "KYC_UNDERAGE",
      400,
      {},
      { issues: [{ path: "dateOfBirth", message: `must be ${KYC_MIN_AGE_YEARS} or older` }] },
    );
  }
  const france =
    body.nationality === "FR" || (await getMyKyc(deps, userId)).draft.address?.country === "FR";
  const phoneNumber = internationalPhone(body.phoneNumber, france);
  if (!phoneNumber) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      { issues: [{ path: "phoneNumber", message: "must be an international number (+33…)" }] },
    );
  }
  const identity: Identity = {
    firstName: body.firstName,
    lastName: body.lastName,
    dateOfBirth: body.dateOfBirth,
    nationality: body.nationality,
    phoneNumber,
  };
  return saveSealedStep(deps, userId, "identity", identity);
}

export function saveAddress(deps: KycDeps, userId: string, body: KycAddressBody) {
  const address: Address = {
    address: body.address,
    city: body.city,
    postalCode: body.postalCode,
    country: body.country,
  };
  return saveSealedStep(deps, userId, "address", address);
}

export function saveDocument(deps: KycDeps, userId: string, body: KycDocumentBody) {
  const document: Document = {
    documentType: body.documentType,
    documentNumber: body.documentNumber,
  };
  return saveSealedStep(deps, userId, "document", document);
}

/** Deletes a stored file after the fact; a failure leaves an unreferenced, encrypted object. */
async function deleteQuietly(files: FileStore, key: string) {
  await files.delete(key).catch(() => {});
}

/**
 * `POST /api/kyc/files/:slot`: the photo is checked and re-encoded (no metadata survives),
 * encrypted, stored under a random key, then recorded; the photo it replaces is deleted after
 * the commit. Nothing is stored for a request that may not change.
 */
export async function uploadFile(
  deps: KycDeps,
  userId: string,
  slot: KycFileSlot,
  upload: Uint8Array,
) {
  const current = await findRequest(deps.db, userId);
  if (current) assertEditable(current);
  const image = await reencodeImage(upload);
  const storageKey = `kyc/${randomBytes(16).toString("hex")}`;
  const sealed = (await deps.cipher()).seal(image.bytes, fileContext(storageKey));
  await deps.files.put(storageKey, sealed, { contentType: "application/octet-stream" });
  const now = deps.clock.now();
  let replaced: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      assertEditable(await lockRequest(tx, userId, now));
      replaced = (await findFile(tx, userId, slot))?.storageKey ?? null;
      await upsertFile(tx, userId, {
        slot,
        storageKey,
        contentType: image.contentType,
        size: image.bytes.byteLength,
        at: now,
      });
      await markDraft(tx, userId, now);
    });
  } catch (error) {
    await deleteQuietly(deps.files, storageKey);
    throw error;
  }
  if (replaced) await deleteQuietly(deps.files, replaced);
  return { slot, contentType: image.contentType, size: image.bytes.byteLength };
}

/** Which parts a submission still lacks: the three steps, then the photos the document needs. */
function missingParts(steps: Steps, slots: Set<KycFileSlot>): KycPart[] {
  const needsBack = steps.document?.documentType !== "passport";
  return KYC_PARTS.filter((part) => {
    if (part === "identity" || part === "address" || part === "document") return !steps[part];
    if (part === "back" && !needsBack) return false;
    return !slots.has(part);
  });
}

/** The message's values: the first missing part, the next ones, and the others. */
function missingValues(missing: KycPart[]) {
  return Object.fromEntries(
    KYC_PARTS.map((part) => {
      const index = missing.indexOf(part);
      return [part, index === 0 ? "first" : index > 0 ? "next" : "none"];
    }),
  );
}

/** `POST /api/kyc/submit`: everything present → pending review (24 to 48 hours, spec §4). */
export async function submit(deps: KycDeps, userId: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, userId, now);
    assertEditable(row);
    const steps = await openSteps(deps, row);
    const slots = new Set((await listFiles(tx, userId)).map((f) => f.slot));
    const missing = missingParts(steps, slots);
    if (missing.length > 0) {
      throw new AppError("KYC_INCOMPLETE", 400, missingValues(missing), {
        issues: missing.map((part) => ({
          path: ["front", "back", "selfie"].includes(part) ? `files.${part}` : part,
          message: "missing",
        })),
      });
    }
    await markSubmitted(tx, userId, now);
    if (steps.document) {
      await deps.documentNumbers.recordDocumentNumber(tx, userId, steps.document.documentNumber);
    }
    await setUserKycStatus(tx, userId, "pending", now);
  });
  return getMyKyc(deps, userId);
}

/**
 * The admin queue (decision 0061): one status, oldest submission first unless told, or by the
 * user's balance, within a balance range; each request says whether another admin opened it in
 * the last minutes. One more row than the page says whether there is a next one.
 */
export async function adminListRequests(
  deps: Pick<KycDeps, "db" | "clock">,
  adminId: string,
  query: AdminKycQuery,
) {
  const rows = await listRequestsByStatus(deps.db, {
    status: query.status,
    sort: query.sort ?? "oldest",
    search: query.q,
    minBalance: query.minAmount === undefined ? undefined : parseFre(query.minAmount),
    maxBalance: query.maxAmount === undefined ? undefined : parseFre(query.maxAmount),
    limit: query.limit + 1,
    offset: query.offset,
  });
  const page = rows.slice(0, query.limit);
  const opened = await openedByOthers(
    deps,
    "kyc",
    page.map((r) => r.userId),
    adminId,
  );
  return {
    items: page.map((r) => ({
      userId: r.userId,
      nickname: r.nickname,
      status: r.status,
      submittedAt: iso(r.submittedAt),
      reviewedAt: iso(r.reviewedAt),
      balance: formatNano(r.balance),
      openedBy: opened.get(r.userId) ?? null,
    })),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
  };
}

/**
 * `POST /api/admin/kyc/:userId/open`: this admin has the request open (shown to the others for
 * the window); the answer says whether another admin has it open too.
 */
export async function adminOpenRequest(
  deps: Pick<KycDeps, "db" | "clock">,
  adminId: string,
  userId: string,
) {
  if (!(await findRequest(deps.db, userId))) throw new AppError("NOT_FOUND", 404);
  return recordOpen(deps, "kyc", userId, adminId);
}

/**
 * `GET /api/admin/kyc/:userId`: the request's decrypted fields (identity, address, document
 * number) are a document view like a photo's, so the read is recorded first (which part, never
 * the values).
 */
export async function adminViewRequest(
  deps: KycDeps,
  actor: AuditActor,
  userId: string,
): Promise<AdminKycRequest> {
  if (!(await findRequest(deps.db, userId))) throw new AppError("NOT_FOUND", 404);
  const at = deps.clock.now();
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      actorId: actor.userId,
      action: "kyc.document_view",
      targetType: "kyc_document",
      targetId: userId,
      after: { part: "details" },
      ip: actor.ip,
      at,
    }),
  );
  return adminGetRequest(deps, userId);
}

/** One request for an elevated admin: the fields decrypted, the photos as links to their route. */
async function adminGetRequest(deps: KycDeps, userId: string): Promise<AdminKycRequest> {
  const row = await findRequest(deps.db, userId);
  if (!row) throw new AppError("NOT_FOUND", 404);
  const [steps, files, nickname] = await Promise.all([
    openSteps(deps, row),
    listFiles(deps.db, userId),
    findNickname(deps.db, userId),
  ]);
  return {
    userId,
    nickname: nickname ?? "",
    status: row.status,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    rejectionReason: row.rejectionReason,
    ...steps,
    files: files.map((f) => ({
      ...fileView(f),
      url: `/api/admin/kyc/${userId}/files/${f.slot}`,
    })),
  };
}

/**
 * One photo, decrypted, for an elevated admin. The view is recorded (admin, user, slot) before
 * the bytes are handed over: no document is seen without a trace.
 */
export async function adminReadFile(
  deps: KycDeps,
  actor: AuditActor,
  userId: string,
  slot: KycFileSlot,
) {
  const file = await findFile(deps.db, userId, slot);
  if (!file) throw new AppError("NOT_FOUND", 404);
  const stored = await deps.files.get(file.storageKey);
  if (!stored) throw new Error(`KYC file missing from the store (${slot})`);
  const bytes = (await deps.cipher()).open(stored.bytes, fileContext(file.storageKey));
  const at = deps.clock.now();
  // The view and its audit line commit together (the document's contents never enter the log).
  await deps.db.transaction(async (tx) => {
    await insertFileView(tx, { adminId: actor.userId, userId, slot, at });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "kyc.document_view",
      targetType: "kyc_document",
      targetId: userId,
      after: { slot },
      ip: actor.ip,
      at,
    });
  });
  return { bytes, contentType: file.contentType };
}

/**
 * Approves or rejects a pending request. The request and the profile's status change together;
 * two admins deciding at once: the first wins, the second gets KYC_NOT_PENDING. Four eyes: an
 * admin never decides their own request (SELF_REVIEW_FORBIDDEN). The user's notification and
 * e-mail are written with the verdict and delivered after the commit.
 */
export async function decide(
  deps: KycDeps,
  actor: AuditActor,
  userId: string,
  body: AdminKycDecisionBody,
) {
  const adminId = actor.userId;
  if (adminId === userId) throw new AppError("SELF_REVIEW_FORBIDDEN", 403);
  const now = deps.clock.now();
  const approved = body.decision === "approve";
  const reason = approved ? null : (body.reason ?? "");
  await deps.db.transaction(async (tx) => {
    const row = await lockExistingRequest(tx, userId);
    if (!row) throw new AppError("NOT_FOUND", 404);
    if (row.status !== "pending") throw new AppError("KYC_NOT_PENDING", 409);
    const status = approved ? "approved" : "rejected";
    await recordVerdict(tx, userId, { status, adminId, reason, at: now });
    await setUserKycStatus(tx, userId, status, now);
    await recordAudit(tx, {
      actorId: adminId,
      action: "kyc.decision",
      targetType: "user",
      targetId: userId,
      before: { status: row.status, reason: row.rejectionReason },
      after: { status, reason },
      ip: actor.ip,
      at: now,
    });
    await deps.events.notify(userId, "kyc_decision", { decision: status }, { tx });
    await deps.events.mail(
      userId,
      "kycDecision",
      reason === null ? { approved: true } : { approved: false, reason },
      { tx },
    );
  });
  return adminGetRequest(deps, userId);
}
