import type { FastifyRequest } from "fastify";

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export const isLoopbackIp = (ip: string) =>
  ip === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);

/**
 * Headers a reverse proxy adds when it passes on someone else's request. A proxy on this
 * machine connects from loopback, so the socket alone would let the whole network in.
 */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host", "via"];

/**
 * A caller on this machine itself: the socket's peer is a loopback address (whatever
 * TRUST_PROXY says about `request.ip`) and no proxy forwarded the request on someone's behalf.
 */
export function isLoopbackCaller(request: FastifyRequest): boolean {
  const peer = request.socket?.remoteAddress ?? "";
  if (!isLoopbackIp(peer)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}
