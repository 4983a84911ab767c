import { EventEmitter } from "node:events";

export interface LiveEvent {
  type: string;
  data: unknown;
}

/**
 * Live events per user, in process. Several instances would relay through PostgreSQL
 * LISTEN/NOTIFY behind this same interface (see docs/decisions/0006).
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const everyone = Symbol("everyone");
  return {
    publish(userId: string, event: LiveEvent) {
      emitter.emit(userId, event);
    },
    /** An event for every connected user (a new information message…). */
    publishAll(event: LiveEvent) {
      emitter.emit(everyone, event);
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
