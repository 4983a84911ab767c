import type { NotificationType } from "@fre/shared";

/**
 * What a module announces after its transaction commits; the composition root decides who
 * listens. A module publishes a fact ("this user's rate changed") instead of calling into another
 * module's internals (the mining engine, the notification centre).
 */
export interface DomainEvents {
  /** The user's mining rate changed (boost, level, referral): the running session re-rates now. */
  rateChanged(userId: string): Promise<void>;
  /** A notification for the user: stored, pushed, and sent live. */
  notify(
    userId: string,
    type: NotificationType,
    params?: Record<string, string | number>,
  ): Promise<void>;
}

/** Events that go nowhere: a module's tests and scripts that run it on its own. */
export const silentEvents: DomainEvents = {
  rateChanged: async () => {},
  notify: async () => {},
};
