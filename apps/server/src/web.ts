import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "./lib/errors.ts";

function isBuildFile(root: string, file: string): boolean {
  if (file.length === 0 || !/^[\w./-]+$/.test(file) || file.includes("..")) return false;
  try {
    return statSync(resolve(root, file)).isFile();
  } catch {
    return false;
  }
}

/** Serves the built web app; unknown non-API paths get index.html (SPA), /api stays JSON. */
export async function registerWeb(app: FastifyInstance, root: string) {
  const hasWeb = existsSync(resolve(root, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${resolve(root, "assets")}`);
        res.setHeader(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit?.() }, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path.startsWith("/api/") || path === "/api" || path === "/metrics") {
      throw new AppError("NOT_FOUND", 404);
    }
    if (!hasWeb || (request.method !== "GET" && request.method !== "HEAD")) {
      throw new AppError("NOT_FOUND", 404);
    }
    const file = path.slice(1);
    if (isBuildFile(root, file)) return reply.sendFile(file);
    // A missing hashed asset (an old tab after a deploy) is a 404, not the app's HTML.
    if (path.startsWith("/assets/")) throw new AppError("NOT_FOUND", 404);
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
