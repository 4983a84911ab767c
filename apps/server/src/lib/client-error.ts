import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorCode } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import { errorMessage } from "../i18n/index.ts";

/** What Node's HTTP parser refused, as the status and code we answer it with. */
function refusal(code: string | undefined): { status: number; error: ErrorCode } {
  if (code === "HPE_HEADER_OVERFLOW") return { status: 431, error: "HEADERS_TOO_LARGE" };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, error: "REQUEST_TIMEOUT" };
  return { status: 400, error: "VALIDATION_ERROR" };
}

/** Node's own test for an answer already under way on the socket: writing then would corrupt it. */
const answering = (socket: Socket) =>
  (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent ===
  true;

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses before Fastify sees it (an URL
 * or headers over 16 KB, a request line that is not HTTP, a request too slow to arrive) answers
 * the standard `{error, message}` with a code of ours, like every other error. In French: no
 * header of a request the parser refused can be trusted to say the language, and French is the
 * product's. The connection is then closed: its bytes cannot be read as requests any more.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, error: code } = refusal(error.code);
  this.log.debug({ err: error }, "client error");
  if (!socket.writable || answering(socket)) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: code, message: errorMessage("fr", code) });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Cache-Control: no-store\r\n" +
      "Connection: close\r\n\r\n" +
      body,
  );
  // A client still sending its oversized request would keep the half-closed socket open.
  setTimeout(() => socket.destroy(), 5000).unref();
}
