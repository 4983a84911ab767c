/**
 * Requests Node's HTTP parser refuses before Fastify sees them (issue 32, point 8): an URL or
 * headers over 16 KB, a request line that is not HTTP. They answer like every other error, the
 * standard `{error, message}` with a code of ours, in French (no header of the request can be
 * trusted to say the language), and the connection is closed.
 */
import { connect } from "node:net";
import { ERROR_CODES } from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { errorMessage } from "../src/i18n/index.ts";
import { useTestApp } from "./helpers.ts";

const test = useTestApp();
let port: number;

beforeAll(async () => {
  await test().app.listen({ host: "127.0.0.1", port: 0 });
  const address = test().app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening on a port");
  port = address.port;
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are on a fresh connection and reads the answer until the server closes. */
function rawRequest(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection:\n${Buffer.concat(chunks)}`));
    }, 10_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    // A reset after the answer is still an answer: the server closed without reading the rest.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(":");
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

function expectStandardError(answer: RawAnswer, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  expect(answer.headers.connection).toBe("close");
  expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
  const body = JSON.parse(answer.body);
  expect(Object.keys(body).sort()).toEqual(["error", "message"]);
  expect(ERROR_CODES).toContain(body.error);
  expect(body.error).toBe(code);
  expect(body.message).toBe(errorMessage("fr", code as (typeof ERROR_CODES)[number]));
}

const KB17 = 17 * 1024;

describe("requests the HTTP parser refuses", () => {
  it("answers an URL over 16 KB with 431 and the standard body, the URL not echoed", async () => {
    const answer = await rawRequest(
      `GET /api/health?q=${"a".repeat(KB17)} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\n\r\n`,
    );
    expectStandardError(answer, 431, "HEADERS_TOO_LARGE");
    expect(answer.body).not.toContain("aaaa");
  });

  it("answers headers over 16 KB with 431 and the standard body", async () => {
    const answer = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"b".repeat(KB17)}\r\n\r\n`,
    );
    expectStandardError(answer, 431, "HEADERS_TOO_LARGE");
    expect(answer.body).not.toContain("bbbb");
  });

  it("answers a request that is not HTTP with 400 and the standard body", async () => {
    expectStandardError(await rawRequest("HELLO THERE\r\n\r\n"), 400, "VALIDATION_ERROR");
    expectStandardError(
      await rawRequest("GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n"),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("keeps serving ordinary requests", async () => {
    const answer = await rawRequest(
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(200);
  });
});
