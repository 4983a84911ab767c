import { errorResponses, tonConfigSchema, tonConnectManifestSchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { TonNetwork } from "./address.ts";

export interface TonManifestDeps {
  /** PUBLIC_URL: the manifest's `url` and the base of its icon. */
  publicUrl: string;
  /** TON_API_URL=simulated. */
  simulated: boolean;
  /** The in-page dev wallet: the simulated chain with DEV_ROUTES only. */
  devWallet: boolean;
  network: TonNetwork;
}

/** The app icon a wallet shows next to FRE's name (apps/web/public/icons). */
export const MANIFEST_ICON_PATH = "/icons/icon-192.png";

/**
 * TON Connect's app manifest (what a wallet shows when FRE asks to connect), built from
 * PUBLIC_URL, and the chain facts the page needs before it loads the widget.
 */
export async function tonManifestRoutes(fastify: FastifyInstance, deps: TonManifestDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const origin = new URL(deps.publicUrl).origin;
  const manifest = { url: origin, name: "FRE", iconUrl: `${origin}${MANIFEST_ICON_PATH}` };
  const config = { simulated: deps.simulated, devWallet: deps.devWallet, network: deps.network };

  app.get(
    "/tonconnect-manifest.json",
    {
      schema: {
        tags: ["ton"],
        summary: "TON Connect app manifest (wallets fetch it; any origin may read it)",
        response: { 200: tonConnectManifestSchema },
      },
    },
    async (_request, reply) => {
      // Wallets fetch it from their own origin (extensions, apps).
      reply.header("access-control-allow-origin", "*");
      reply.header("cache-control", "public, max-age=3600");
      return manifest;
    },
  );
  app.get(
    "/api/ton/config",
    {
      schema: {
        tags: ["ton"],
        summary: "The chain FRE talks to and whether the in-page dev wallet is offered",
        response: { 200: tonConfigSchema, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return config;
    },
  );
}
