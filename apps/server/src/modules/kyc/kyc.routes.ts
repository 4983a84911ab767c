import multipart from "@fastify/multipart";
import { KYC_FILE_MAX_BYTES } from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import { AppError } from "../../lib/errors.ts";
import {
  adminListRequests,
  adminOpenRequest,
  adminReadFile,
  adminViewRequest,
  decide,
  getMyKyc,
  type KycDeps,
  saveAddress,
  saveDocument,
  saveIdentity,
  submit,
  uploadFile,
} from "./kyc.service.ts";

/** Reads the one `file` part of a multipart upload, refusing more than the limit. */
async function uploadedBytes(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw new AppError("KYC_FILE_REQUIRED", 400);
  try {
    const part = await request.file();
    if (part?.fieldname !== "file") throw new AppError("KYC_FILE_REQUIRED", 400);
    const bytes = await part.toBuffer();
    if (bytes.byteLength === 0) throw new AppError("KYC_FILE_REQUIRED", 400);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("KYC_FILE_TOO_LARGE", 413);
    }
    // Nothing else happens while reading the body: whatever the parser refused (no boundary, a
    // truncated part, more parts than allowed) is the client's request, never our failure.
    throw new AppError("VALIDATION_ERROR", 400);
  }
}

/** The user's own identity check (spec §2 /kyc), registered inside the signed-in scope. */
export async function kycRoutes(app: FastifyInstance, deps: KycDeps) {
  // Multipart is parsed only by these routes; one file, nothing else.
  await app.register(multipart, {
    limits: { fileSize: KYC_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const stepLimit = { userRateLimit: { max: 60, timeWindow: "1 hour" } };

  handle(app, "GET /api/kyc", ({ viewer }) => getMyKyc(deps, viewer.userId));
  handle(
    app,
    "PUT /api/kyc/identity",
    ({ viewer, body }) => saveIdentity(deps, viewer.userId, body),
    {
      config: stepLimit,
    },
  );
  handle(
    app,
    "PUT /api/kyc/address",
    ({ viewer, body }) => saveAddress(deps, viewer.userId, body),
    {
      config: stepLimit,
    },
  );
  handle(
    app,
    "PUT /api/kyc/documents",
    ({ viewer, body }) => saveDocument(deps, viewer.userId, body),
    { config: stepLimit },
  );
  handle(
    app,
    "POST /api/kyc/files/:slot",
    async ({ viewer, params }, request) =>
      uploadFile(deps, viewer.userId, params.slot, await uploadedBytes(request)),
    { config: { userRateLimit: { max: 20, timeWindow: "1 hour" } } },
  );
  handle(app, "POST /api/kyc/submit", ({ viewer }) => submit(deps, viewer.userId), {
    config: { userRateLimit: { max: 10, timeWindow: "1 hour" } },
  });
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function kycAdminRoutes(app: FastifyInstance, deps: KycDeps) {
  handle(app, "GET /api/admin/kyc", ({ query }, request) =>
    adminListRequests(deps, actorOf(request).userId, query),
  );
  // Sent each time an admin shows a request: bounded per admin, idempotent (one row per request).
  handle(
    app,
    "POST /api/admin/kyc/:userId/open",
    ({ params }, request) => adminOpenRequest(deps, actorOf(request).userId, params.userId),
    { config: { userRateLimit: { max: 120, timeWindow: "1 minute" } } },
  );
  handle(app, "GET /api/admin/kyc/:userId", ({ params }, request) =>
    adminViewRequest(deps, actorOf(request), params.userId),
  );
  // Bytes, not JSON: the contract's response is binary (no serializer), the reply is sent here.
  handle(app, "GET /api/admin/kyc/:userId/files/:slot", async ({ params }, request, reply) => {
    const admin = actorOf(request);
    const { userId, slot } = params;
    const file = await adminReadFile(deps, admin, userId, slot);
    request.log.info({ adminId: admin.userId, userId, slot }, "kyc document viewed");
    return reply
      .header("cache-control", "no-store")
      .header("content-type", file.contentType)
      .header("content-disposition", "inline")
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  });
  handle(app, "POST /api/admin/kyc/:userId/decision", ({ params, body }, request) =>
    decide(deps, actorOf(request), params.userId, body),
  );
}
