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
  return {
    publish(userId: string, event: LiveEvent) {
      emitter.emit(userId, event);
    },
    subscribe(userId: string, listener: (event: LiveEvent) => void) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
