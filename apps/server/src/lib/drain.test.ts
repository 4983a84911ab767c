import { Agent, createServer, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { drainServer, endStream, installDrain, onDrain } from "./drain.ts";

function get(port: number, agent: Agent, path = "/") {
  return new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      const req = request({ port, host: "127.0.0.1", path, agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
        response.on("aborted", () => reject(new Error("aborted")));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("drainServer", () => {
  it("finishes requests in flight, closes kept-alive connections after their answer, ends streams with a retry hint", async () => {
    const streams: ServerResponse[] = [];
    const server = createServer((req, res) => {
      if (req.url === "/stream") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("retry: 5000\n\n");
        streams.push(res);
        onDrain(server, () => endStream(res));
        return;
      }
      setTimeout(() => res.end("done"), 200);
    });
    installDrain(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    try {
      // Warm kept-alive connections, idle when the drain starts.
      await Promise.all(Array.from({ length: 10 }, () => get(port, agent)));
      const stream = get(port, agent, "/stream");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const inFlight = Array.from({ length: 5 }, () => get(port, agent));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const drained = drainServer(server, { idleGraceMs: 300, timeoutMs: 5000 });
      // Sent on a connection that was idle when the drain began: answered, then closed.
      const late = get(port, agent);
      const answers = await Promise.all(inFlight);
      expect(answers.every((a) => a.status === 200 && a.body === "done")).toBe(true);
      expect(answers.every((a) => a.connection === "close")).toBe(true);
      expect(await late).toMatchObject({ status: 200, connection: "close" });
      expect((await stream).body).toMatch(/^retry: 5000\n\nretry: \d{4}\n\n$/);
      expect(await drained).toBe(true);
      expect(server.listening).toBe(false);
      // Idempotent.
      expect(await drainServer(server)).toBe(true);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  it("ends a stream opened while draining at once", async () => {
    const server = createServer();
    installDrain(server);
    void drainServer(server, { idleGraceMs: 0, timeoutMs: 100 });
    let ended = false;
    onDrain(server, () => {
      ended = true;
    });
    expect(ended).toBe(true);
    // A server without installDrain never drains (apps built by tests that inject).
    expect(onDrain(createServer(), () => {})).toBeTypeOf("function");
  });
});
