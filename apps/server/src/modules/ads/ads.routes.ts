import multipart from "@fastify/multipart";
import { AD_IMAGE_MAX_BYTES } from "@fre/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { FileContent } from "../../lib/file-store.ts";
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
 * Signed-in users (registered inside the signed-in scope): the ads to rotate, their images, and
 * the aggregate impression and click counts (decision 0027). Each limited per user: one account
 * cannot inflate a count beyond it.
 */
export async function adsRoutes(app: FastifyInstance, deps: AdsDeps) {
  handle(app, "GET /api/ads", ({ query }) => eligibleAds(deps, query.placement), {
    config: { userRateLimit: { max: 120, timeWindow: "1 minute" } },
  });
  handle(
    app,
    "GET /api/ads/:id/image",
    async ({ params }, _request, reply) =>
      sendImage(reply, await eligibleAdImage(deps, params.id), "private, max-age=86400"),
    { config: { userRateLimit: { max: 240, timeWindow: "1 minute" } } },
  );
  handle(
    app,
    "POST /api/ads/:id/impression",
    ({ params }) => countAd(deps, params.id, "impression"),
    {
      config: { userRateLimit: { max: 120, timeWindow: "1 hour" } },
    },
  );
  handle(app, "POST /api/ads/:id/click", ({ params }) => countAd(deps, params.id, "click"), {
    config: { userRateLimit: { max: 30, timeWindow: "1 hour" } },
  });
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function adsAdminRoutes(app: FastifyInstance, deps: AdsDeps) {
  // Multipart is parsed only by these routes; one file, nothing else.
  await app.register(multipart, {
    limits: { fileSize: AD_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  handle(app, "GET /api/admin/ads", () => listAdsForAdmin(deps));
  handle(app, "POST /api/admin/ads", ({ body }, request) => createAd(deps, actorOf(request), body));
  handle(app, "PATCH /api/admin/ads/:id", ({ params, body }, request) =>
    editAd(deps, actorOf(request), params.id, body),
  );
  handle(app, "DELETE /api/admin/ads/:id", async ({ params }, request) => {
    await removeAd(deps, actorOf(request), params.id);
  });
  handle(app, "PUT /api/admin/ads/:id/image", async ({ params }, request) => {
    const actor = actorOf(request);
    const bytes = await uploadedImage(request);
    return setAdImage(deps, actor, params.id, bytes);
  });
  handle(app, "GET /api/admin/ads/:id/image", async ({ params }, _request, reply) =>
    sendImage(reply, await adminAdImage(deps, params.id), "no-store"),
  );
}
