import multipart from "@fastify/multipart";
import {
  AD_IMAGE_MAX_BYTES,
  adCreateBodySchema,
  adImageQuerySchema,
  adminAdListSchema,
  adminAdSchema,
  adsQuerySchema,
  adUpdateBodySchema,
  errorResponses,
  publicAdListSchema,
  type UuidParams,
  uuidParamsSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import type { FileContent } from "../../lib/file-store.ts";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  type AdsDeps,
  adminAdImage,
  countAd,
  createAd,
  editAd,
  eligibleAdImage,
  eligibleAds,
  listAdsForAdmin,
  removeAd,
  setAdImage,
} from "./ads.service.ts";

/** The one `file` part of a multipart upload; a missing or unreadable one is a bad image. */
async function uploadedImage(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw new AppError("AD_IMAGE_INVALID", 400);
  try {
    const part = await request.file();
    if (part?.fieldname !== "file") throw new AppError("AD_IMAGE_INVALID", 400);
    const bytes = await part.toBuffer();
    if (bytes.byteLength === 0) throw new AppError("AD_IMAGE_INVALID", 400);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("PAYLOAD_TOO_LARGE", 413);
    }
    // Whatever the parser refused (no boundary, a truncated part) is the client's request.
    throw new AppError("AD_IMAGE_INVALID", 400);
  }
}

/** An image's bytes; `cache` says who may keep it and how long. */
function sendImage(reply: FastifyReply, file: FileContent, cache: string) {
  return reply
    .header("cache-control", cache)
    .header("content-type", file.contentType)
    .header("content-disposition", "inline")
    .header("x-content-type-options", "nosniff")
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/**
 * Signed-in users: the ads to rotate, their images, and the aggregate impression and click
 * counts (decision 0027). Each limited per user: one account cannot inflate a count beyond it.
 */
export async function adsRoutes(
  fastify: FastifyInstance,
  deps: AdsDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["ads"];
  const signedIn = async (request: FastifyRequest) => {
    await deps.viewer.required(request);
  };

  app.get(
    "/api/ads",
    {
      config: { userRateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary:
          "The ads of a placement users may see now (active, within their dates, with an image)",
        querystring: adsQuerySchema,
        response: { 200: publicAdListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await signedIn(request);
      return eligibleAds(deps, request.query.placement);
    },
  );
  // Bytes, not JSON: registered without the type provider, whose replies are JSON-typed.
  fastify.get<{ Params: UuidParams }>(
    "/api/ads/:id/image",
    {
      config: { userRateLimit: { max: 240, timeWindow: "1 minute" } },
      schema: {
        tags,
        description:
          "The ad's re-encoded image (image/webp); kept by the browser for a day (its URL changes with the image). 404 unless the ad is shown now.",
        params: uuidParamsSchema,
        querystring: adImageQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      await signedIn(request);
      const file = await eligibleAdImage(deps, request.params.id);
      return sendImage(reply, file, "private, max-age=86400");
    },
  );
  for (const event of ["impression", "click"] as const) {
    app.post(
      `/api/ads/:id/${event}`,
      {
        config: {
          userRateLimit:
            event === "impression"
              ? { max: 120, timeWindow: "1 hour" }
              : { max: 30, timeWindow: "1 hour" },
        },
        schema: {
          tags,
          summary: `Counts one ${event} of the ad for today (UTC), in aggregate only`,
          params: uuidParamsSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await signedIn(request);
        await countAd(deps, request.params.id, event);
        return reply.status(204).send(null);
      },
    );
  }
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function adsAdminRoutes(fastify: FastifyInstance, deps: AdsDeps) {
  // Multipart is parsed only by these routes; one file, nothing else.
  await fastify.register(multipart, {
    limits: { fileSize: AD_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const errors = errorResponses(400, 401, 403, 404);
  const params = uuidParamsSchema;

  app.get(
    "/api/admin/ads",
    {
      schema: {
        tags,
        summary: "Every ad with its impressions and clicks, all time and the last 30 days",
        response: { 200: adminAdListSchema, ...errors },
      },
    },
    async () => listAdsForAdmin(deps),
  );
  app.post(
    "/api/admin/ads",
    {
      schema: {
        tags,
        body: adCreateBodySchema,
        response: { 201: adminAdSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAd(deps, actorOf(request), request.body)),
  );
  app.patch(
    "/api/admin/ads/:id",
    {
      schema: {
        tags,
        params,
        body: adUpdateBodySchema,
        response: { 200: adminAdSchema, ...errors },
      },
    },
    async (request) => editAd(deps, actorOf(request), request.params.id, request.body),
  );
  app.delete(
    "/api/admin/ads/:id",
    { schema: { tags, params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeAd(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    "/api/admin/ads/:id/image",
    {
      schema: {
        tags,
        summary: "Replaces the ad's image (JPEG, PNG or WebP, 5 MB at most; stored re-encoded)",
        consumes: ["multipart/form-data"],
        params,
        response: { 200: adminAdSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const bytes = await uploadedImage(request);
      return setAdImage(deps, actor, request.params.id, bytes);
    },
  );
  fastify.get<{ Params: UuidParams }>(
    "/api/admin/ads/:id/image",
    {
      schema: {
        tags,
        description: "Any ad's stored image, for the admin's preview; never cached.",
        params,
        querystring: adImageQuerySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendImage(reply, await adminAdImage(deps, request.params.id), "no-store"),
  );
}
