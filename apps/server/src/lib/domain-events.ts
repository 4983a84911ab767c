import type { NotificationType } from "@fre/shared";
import type { Db, Tx } from "../db/client.ts";
import type { MailData, MailTemplateName } from "../modules/mail/mail.templates.ts";
import type { LiveEvent } from "./event-bus.ts";

/**
 * Where an effect is written. With `tx`, in the caller's transaction: it exists exactly when the
 * change does, and is delivered after the commit (decision 0032). Without, it is written on its
 * own and delivered at once; a failed delivery is retried by the outbox job either way.
 */
export interface EffectOptions {
  tx?: Db | Tx;
}

/**
 * A live value that only matters now (the jackpot's pool, sent at most once a second): not
 * stored, sent to the open apps at once; a lost one is replaced by the next. Not for anything a
 * user must receive — that is a durable `live` or a notification.
 */
export interface TransientOptions {
  transient: true;
}

/**
 * What a module announces; the composition root decides who listens. A module publishes a fact
 * ("this user's rate changed", "mail them this") instead of calling into another module's
 * internals (the mining engine, the notification centre, the mailer). Mails, notifications and
 * live events go through the transactional outbox: never a network call inside the caller's
 * transaction, never a failed request because a mailer or a push service failed.
 */
export interface DomainEvents {
  /** The user's mining rate changed (boost, level, referral): the running session re-rates now. */
  rateChanged(userId: string): Promise<void>;
  /** A notification for the user: stored, pushed, and sent live. */
  notify(
    userId: string,
    type: NotificationType,
    params?: Record<string, string | number>,
    options?: EffectOptions,
  ): Promise<void>;
  /** A mail, rendered at delivery in the user's language; nothing for an erased account. */
  mail<T extends MailTemplateName>(
    userId: string,
    template: T,
    data: MailData<T>,
    options?: EffectOptions,
  ): Promise<void>;
  /** A live event (SSE) to the user's open app; `null`: to every connected user. */
  live(
    userId: string | null,
    event: LiveEvent,
    options?: EffectOptions | TransientOptions,
  ): Promise<void>;
}

/** Events that go nowhere: a module's tests and scripts that run it on its own. */
export const silentEvents: DomainEvents = {
  rateChanged: async () => {},
  notify: async () => {},
  mail: async () => {},
  live: async () => {},
};
