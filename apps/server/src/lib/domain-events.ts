import type { NotificationType } from "@fre/shared";
import type { Db, Tx } from "../db/client.ts";
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
 * A Better Auth link: its absolute URL (it carries a one-time token) and when that token expires.
 * The token is a secret (decision 0032): never logged, forgotten once delivered.
 */
export interface LinkMailData {
  url: string;
  expiresAt: string;
}

/**
 * The facts a user hears of by mail, each with its data — names and values, no address, no
 * language, no text (decision 0066). Events carry these facts; the mail module subscribes to
 * each with a template (`mail.templates.ts` has one per fact, checked by its type) and renders it
 * at delivery in the recipient's language of that moment.
 */
export interface MailFacts {
  /** Sign-up or a new address: the link that verifies it. */
  verifyEmail: LinkMailData;
  /** A password reset was asked for: its link. */
  passwordReset: LinkMailData;
  supportReceived: { ticketId: string; subject: string };
  supportAnswered: { ticketId: string; subject: string; answer: string };
  purchaseConfirmed: { item: string; bonus: string };
  kycDecision: { approved: true } | { approved: false; reason: string };
  withdrawalOutcome: {
    outcome: "completed" | "rejected" | "failed";
    amount: string;
    wallet: string;
    reason: string | null;
  };
}

export type MailFact = keyof MailFacts;

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
  /**
   * A notification for the user: stored, pushed, and sent live after the commit of `tx`, the
   * transaction of the change it announces — always one (decision 0065): a notice exists
   * exactly when its cause does, whatever process dies after the commit.
   */
  notify(
    userId: string,
    type: NotificationType,
    params: Record<string, string | number>,
    options: { tx: Db | Tx },
  ): Promise<void>;
  /**
   * A fact the user hears of by mail (see `MailFacts`), with its data; its subscriber renders it
   * at delivery in the user's language; nothing for an erased account.
   */
  mail<F extends MailFact>(
    userId: string,
    fact: F,
    data: MailFacts[F],
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
