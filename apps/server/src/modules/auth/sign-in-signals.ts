import type { FastifyRequest } from "fastify";
import type { AccountSignals, SignalKind } from "../risk/signals.ts";
import { deviceIdCookies } from "./device-id-cookie.ts";

/**
 * What every successful sign-up and sign-in does for the bot-farm signals (decision 0045),
 * whichever way it came (password, Telegram): the signal recorded, and the browser given its
 * device id when it has none.
 */
export function signInSignals(options: {
  secure: boolean;
  signals: Pick<AccountSignals, "record">;
}) {
  const deviceIds = deviceIdCookies({ secure: options.secure });
  return {
    /**
     * Records the signal and returns the `Set-Cookie` line of a new device id (none when the
     * browser brought one). A sign-up counts the id it hands out, so the next account opened in
     * this browser shares it; a sign-in counts only an id the browser brought back, so a client
     * that drops its cookies adds no row per sign-in. Never throws.
     */
    async after(request: FastifyRequest, userId: string, kind: SignalKind): Promise<string[]> {
      const cookieHeader = request.headers.cookie;
      const { id, cookie } = deviceIds.ensure(cookieHeader);
      const deviceId = kind === "sign-up" ? id : deviceIds.presented(cookieHeader);
      await options.signals.record({ userId, kind, ip: request.ip, deviceId });
      return cookie ? [cookie] : [];
    },
  };
}
