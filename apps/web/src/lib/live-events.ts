/**
 * Events of the signed-in user's stream (GET /api/events) that other features listen to.
 * The notifications feature owns the single EventSource and forwards these here, so no
 * second connection is opened. `open` fires on every (re)connection.
 */
export type LiveEventType = "open" | "information" | "global_message" | "jackpot";

const bus = new EventTarget();

function parse(data: unknown): unknown {
  if (typeof data !== "string") return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

/** Called by the stream's owner for each forwarded event (raw `data` of the SSE message). */
export function emitLiveEvent(type: LiveEventType, data?: unknown): void {
  bus.dispatchEvent(new CustomEvent(type, { detail: parse(data) }));
}

/** Listens to one event type; returns the function that stops listening. */
export function onLiveEvent(type: LiveEventType, listener: (data: unknown) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<unknown>).detail);
  bus.addEventListener(type, handle);
  return () => bus.removeEventListener(type, handle);
}
