import { EventEmitter } from "node:events";

export interface LiveEvent {
  type: string;
  data: unknown;
}

/** How events travel between server processes: PostgreSQL LISTEN/NOTIFY on one channel. */
export interface EventRelay {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

const CHANNEL = "fre_live_events";
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;

interface Envelope {
  /** The user the event is for; null for everyone. */
  to: string | null;
  event: LiveEvent;
}

/**
 * Live events per user (SSE). With a relay, every event goes through the database's
 * NOTIFY, so the user sees it whichever server process holds their stream; each process
 * delivers what it hears to its own subscribers. Without one (or when NOTIFY fails, or an event
 * is too large for it), events stay in this process.
 */
export function createEventBus(
  options: { relay?: EventRelay; onError?: (error: unknown) => void } = {},
) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const everyone = Symbol("everyone");
  let unlisten: (() => Promise<void>) | null = null;

  const deliver = ({ to, event }: Envelope) => {
    emitter.emit(to ?? everyone, event);
  };

  const send = (envelope: Envelope) => {
    const relay = unlisten ? options.relay : undefined;
    if (!relay) return deliver(envelope);
    const payload = JSON.stringify(envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return deliver(envelope);
    relay.notify(CHANNEL, payload).catch((error) => {
      options.onError?.(error);
      deliver(envelope);
    });
  };

  return {
    /** Starts hearing the other processes (and our own NOTIFYs). */
    async start() {
      if (!options.relay || unlisten) return;
      unlisten = await options.relay.listen(CHANNEL, (payload) => {
        try {
          deliver(JSON.parse(payload) as Envelope);
        } catch (error) {
          options.onError?.(error);
        }
      });
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = null;
      // The database may already be gone (shutdown order, a failed health check): nothing to undo.
      await stopListening?.().catch((error) => options.onError?.(error));
    },
    publish(userId: string, event: LiveEvent) {
      send({ to: userId, event });
    },
    /** An event for every connected user (a new information message…). */
    publishAll(event: LiveEvent) {
      send({ to: null, event });
    },
    /** A signal for every server process (not for users): e.g. "sessions were revoked". */
    signalProcesses(name: string) {
      send({ to: `process:${name}`, event: { type: name, data: null } });
    },
    onProcessSignal(name: string, listener: () => void) {
      const handler = () => listener();
      emitter.on(`process:${name}`, handler);
      return () => {
        emitter.off(`process:${name}`, handler);
      };
    },
    subscribe(userId: string, listener: (event: LiveEvent) => void) {
      emitter.on(userId, listener);
      emitter.on(everyone, listener);
      return () => {
        emitter.off(userId, listener);
        emitter.off(everyone, listener);
      };
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
