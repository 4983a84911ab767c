import type { Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/**
 * A graceful stop of one HTTP server (decision 0036): it stops accepting connections, lets the
 * requests in flight finish, closes each kept-alive connection after its next answer, ends the
 * live event streams with a `retry:` hint, and resolves once every connection is gone — so a
 * rolling reload, or a SIGTERM, fails no request.
 */
interface DrainState {
  draining: boolean;
  /** Open connections (counted per connection, never per request: nothing on the hot path). */
  sockets: Set<Socket>;
  /** What ends on drain: the live event streams. */
  listeners: Set<() => void>;
  done?: Promise<boolean>;
}

const states = new WeakMap<Server, DrainState>();

/** Starts tracking connections of `server`; call once, before it listens. */
export function installDrain(server: Server) {
  if (states.has(server)) return;
  const state: DrainState = { draining: false, sockets: new Set(), listeners: new Set() };
  states.set(server, state);
  server.on("connection", (socket: Socket) => {
    state.sockets.add(socket);
    socket.once("close", () => state.sockets.delete(socket));
  });
}

/**
 * Calls `listener` when the server drains (at once when it already is); returns the
 * unsubscribe. A server without installDrain (tests that inject) never drains: a no-op.
 */
export function onDrain(server: Server, listener: () => void): () => void {
  const state = states.get(server);
  if (!state) return () => {};
  if (state.draining) {
    listener();
    return () => {};
  }
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/**
 * Milliseconds an EventSource should wait before reconnecting after a drain: spread over 1–3 s so
 * thousands of streams do not come back in the same instant.
 */
export function reconnectDelayMs() {
  return 1000 + Math.floor(Math.random() * 2000);
}

/** Ends a live event stream with a reconnection hint, then closes its connection. */
export function endStream(res: ServerResponse) {
  if (res.writableEnded) return;
  const socket = res.socket;
  res.end(`retry: ${reconnectDelayMs()}\n\n`);
  socket?.end();
}

export interface DrainOptions {
  /**
   * How long connections idle at the start stay open (each closed after its next answer, or by
   * its own keep-alive timer) before the sweep closes them. Closing a kept-alive connection at
   * the instant a client reuses it fails that request (the keep-alive race), and a client may
   * reuse one until the keep-alive timeout the server announced (`Keep-Alive: timeout=N`; fetch
   * drops it 1 s before). Default: that timeout plus 1 s, so a client that honours it never
   * races the drain.
   */
  idleGraceMs?: number;
  /** Past this, drainServer resolves false and the caller closes what is left. */
  timeoutMs?: number;
}

/** True when every connection closed within the timeout. Idempotent. */
export function drainServer(server: Server, options: DrainOptions = {}): Promise<boolean> {
  const state = states.get(server);
  if (!state) throw new Error("drainServer: installDrain was not called on this server");
  state.done ??= drain(server, state, options);
  return state.done;
}

async function drain(server: Server, state: DrainState, options: DrainOptions) {
  const { idleGraceMs = 5000, timeoutMs = 10_000 } = options;
  state.draining = true;
  // Requests from now on, and answers not yet begun, close their connection once sent.
  server.prependListener("request", (_request, response: ServerResponse) => {
    response.shouldKeepAlive = false;
  });
  for (const socket of state.sockets) {
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (response && !response.headersSent) response.shouldKeepAlive = false;
  }
  for (const listener of state.listeners) listener();
  state.listeners.clear();
  // Stop accepting (in a cluster worker: the primary hands this worker no new connection). Not
  // http.Server#close, which also closes idle connections at once (see idleGraceMs).
  const closed = new Promise<true>((resolve) =>
    NetServer.prototype.close.call(server, () => resolve(true)),
  );
  const timeout = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  const grace = new Promise<void>((resolve) => setTimeout(resolve, idleGraceMs).unref());
  await Promise.race([closed, grace]);
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  try {
    return await Promise.race([closed, timeout]);
  } finally {
    clearInterval(sweep);
  }
}
