import multipart from "@fastify/multipart";
import {
  type AdminKycFileParams,
  adminKycDecisionBodySchema,
  adminKycFileParamsSchema,
  adminKycListSchema,
  adminKycQuerySchema,
  adminKycRequestSchema,
  adminKycUserParamsSchema,
  errorResponses,
  KYC_FILE_MAX_BYTES,
  kycAddressBodySchema,
  kycDocumentBodySchema,
  kycFileParamsSchema,
  kycFileUploadedSchema,
  kycIdentityBodySchema,
  kycStateSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  adminListRequests,
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

/** The user's own identity check (spec §2 /kyc). */
export async function kycRoutes(
  fastify: FastifyInstance,
  deps: KycDeps & { viewer: ViewerResolver },
) {
  // Multipart is parsed only by these routes; one file, nothing else.
  await fastify.register(multipart, {
    limits: { fileSize: KYC_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["kyc"];
  const errors = errorResponses(400, 401, 409);
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;
  const stepLimit = { userRateLimit: { max: 60, timeWindow: "1 hour" } };

  app.get(
    "/api/kyc",
    { schema: { tags, response: { 200: kycStateSchema, ...errorResponses(401) } } },
    async (request) => getMyKyc(deps, await me(request)),
  );
  app.put(
    "/api/kyc/identity",
    {
      config: stepLimit,
      schema: { tags, body: kycIdentityBodySchema, response: { 200: kycStateSchema, ...errors } },
    },
    async (request) => saveIdentity(deps, await me(request), request.body),
  );
  app.put(
    "/api/kyc/address",
    {
      config: stepLimit,
      schema: { tags, body: kycAddressBodySchema, response: { 200: kycStateSchema, ...errors } },
    },
    async (request) => saveAddress(deps, await me(request), request.body),
  );
  app.put(
    "/api/kyc/documents",
    {
      config: stepLimit,
      schema: { tags, body: kycDocumentBodySchema, response: { 200: kycStateSchema, ...errors } },
    },
    async (request) => saveDocument(deps, await me(request), request.body),
  );
  app.post(
    "/api/kyc/files/:slot",
    {
      config: { userRateLimit: { max: 20, timeWindow: "1 hour" } },
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        params: kycFileParamsSchema,
        response: { 201: kycFileUploadedSchema, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const userId = await me(request);
      const bytes = await uploadedBytes(request);
      return reply.status(201).send(await uploadFile(deps, userId, request.params.slot, bytes));
    },
  );
  app.post(
    "/api/kyc/submit",
    {
      config: { userRateLimit: { max: 10, timeWindow: "1 hour" } },
      schema: { tags, response: { 200: kycStateSchema, ...errors } },
    },
    async (request) => submit(deps, await me(request)),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function kycAdminRoutes(fastify: FastifyInstance, deps: KycDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    "/api/admin/kyc",
    {
      schema: {
        tags,
        querystring: adminKycQuerySchema,
        response: { 200: adminKycListSchema, ...errors },
      },
    },
    async (request) => adminListRequests(deps, request.query.status),
  );
  app.get(
    "/api/admin/kyc/:userId",
    {
      schema: {
        tags,
        params: adminKycUserParamsSchema,
        response: { 200: adminKycRequestSchema, ...errors },
      },
    },
    async (request) => adminViewRequest(deps, actorOf(request), request.params.userId),
  );
  // Bytes, not JSON: registered without the type provider, whose replies are JSON-typed.
  fastify.get<{ Params: AdminKycFileParams }>(
    "/api/admin/kyc/:userId/files/:slot",
    {
      schema: {
        tags,
        description: "The photo's bytes (image/jpeg, image/png or image/webp), never cached.",
        params: adminKycFileParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const admin = actorOf(request);
      const { userId, slot } = request.params;
      const file = await adminReadFile(deps, admin, userId, slot);
      request.log.info({ adminId: admin.userId, userId, slot }, "kyc document viewed");
      return reply
        .header("cache-control", "no-store")
        .header("content-type", file.contentType)
        .header("content-disposition", "inline")
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
  app.post(
    "/api/admin/kyc/:userId/decision",
    {
      schema: {
        tags,
        params: adminKycUserParamsSchema,
        body: adminKycDecisionBodySchema,
        response: { 200: adminKycRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => decide(deps, actorOf(request), request.params.userId, request.body),
  );
}
