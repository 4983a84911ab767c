import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
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
export async function tonManifestRoutes(app: FastifyInstance, deps: TonManifestDeps) {
  const origin = new URL(deps.publicUrl).origin;
  const manifest = { url: origin, name: "FRE", iconUrl: `${origin}${MANIFEST_ICON_PATH}` };
  const config = { simulated: deps.simulated, devWallet: deps.devWallet, network: deps.network };

  handle(app, "GET /tonconnect-manifest.json", (_input, _request, reply) => {
    // Wallets fetch it from their own origin (extensions, apps).
    reply.header("access-control-allow-origin", "*");
    reply.header("cache-control", "public, max-age=3600");
    return manifest;
  });
  handle(app, "GET /api/ton/config", (_input, _request, reply) => {
    reply.header("cache-control", "no-cache");
    return config;
  });
}
