/**
 * The listeners of the domain events (part of the composition root): how a recorded mail,
 * notification or live event reaches the user, through the transactional outbox (decision 0032).
 */

import type { NotificationType } from "@fre/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./db/client.ts";
import type { Clock } from "./lib/clock.ts";
import type { DomainEvents, EffectOptions } from "./lib/domain-events.ts";
import type { EventBus, LiveEvent } from "./lib/event-bus.ts";
import { createOutbox, type OutboxSignal } from "./lib/outbox.ts";
import { isMailTemplate, isSecretLinkMail, renderMail } from "./modules/mail/mail.templates.ts";
import type { Mailer } from "./modules/mail/mail.transport.ts";
import {
  deliverRecordedNotification,
  type NotificationDeps,
} from "./modules/notifications/notifications.service.ts";
import { mailRecipientOf } from "./modules/users/users.service.ts";

/** What each kind of effect keeps in its row: names and values, never a rendered text. */
export interface EffectPayloads {
  mail: { template: string; data: unknown };
  notification: { type: NotificationType; params: Record<string, string | number> };
  live: { event: LiveEvent };
}

/** A failure's code or name, never its message (SMTP errors quote the recipient). */
const codeOf = (error: unknown) => {
  const e = error as { code?: unknown; name?: unknown } | null;
  return e?.code ?? e?.name ?? "unknown";
};

export function domainEffects(deps: {
  db: Db;
  clock: Clock;
  signal: OutboxSignal;
  bus: EventBus;
  mailer: Mailer;
  publicUrl: string;
  notificationDeps: NotificationDeps;
  /**
   * What else a delivered notice calls for (the Telegram bot's reminder, decision 0072); a
   * failure retries the notice (stored once, under its id).
   */
  onNotification?: (notice: {
    id: string;
    userId: string;
    type: NotificationType;
    params: Record<string, string | number>;
    at: Date;
  }) => Promise<void>;
  log: FastifyBaseLogger;
  rateChanged: DomainEvents["rateChanged"];
}) {
  const { db, clock, bus, log } = deps;
  const outbox = createOutbox<EffectPayloads>({
    db,
    clock,
    signal: deps.signal,
    handlers: {
      async mail(effect) {
        const { template, data } = effect.payload;
        if (!isMailTemplate(template)) {
          throw Object.assign(new Error("unknown mail template"), { code: "UNKNOWN_TEMPLATE" });
        }
        // A sign-in link past its expiry would only fail: it is dropped unsent.
        if (isSecretLinkMail(template)) {
          const expiresAt = Date.parse((data as { expiresAt?: string } | null)?.expiresAt ?? "");
          if (!(expiresAt > clock.now().getTime())) return;
        }
        // Read now: the address and language of today, nobody for an erased account.
        const to = effect.userId ? await mailRecipientOf(db, effect.userId) : null;
        if (!to) return;
        await deps.mailer.send(
          renderMail(template, to, data as never, { publicUrl: deps.publicUrl }),
        );
      },
      async notification(effect) {
        if (!effect.userId) return;
        const notice = {
          id: effect.id,
          userId: effect.userId,
          type: effect.payload.type,
          params: effect.payload.params,
          at: effect.createdAt,
        };
        await deliverRecordedNotification(deps.notificationDeps, notice);
        await deps.onNotification?.(notice);
      },
      async live(effect) {
        if (effect.userId) bus.publish(effect.userId, effect.payload.event);
        else bus.publishAll(effect.payload.event);
      },
    },
    onFailure: (error, effect) =>
      log.warn(
        { effectId: effect.id, kind: effect.kind, attempts: effect.attempts, code: codeOf(error) },
        "outbox delivery failed; retried later",
      ),
    onRunError: (error) => log.error({ err: error }, "outbox delivery run failed"),
    // A verification or reset link's token is a secret: its row forgets it once delivered.
    keepDelivered: (effect) => {
      const mail = effect.kind === "mail" ? (effect.payload as EffectPayloads["mail"]) : null;
      return mail && isSecretLinkMail(mail.template)
        ? { template: mail.template, data: null }
        : undefined;
    },
  });

  /** Written in the caller's transaction, or written and delivered now. */
  async function effect<K extends keyof EffectPayloads>(
    kind: K,
    userId: string | null,
    payload: EffectPayloads[K],
    options: EffectOptions = {},
  ) {
    if (options.tx) {
      await outbox.record(options.tx, kind, userId, payload);
      return;
    }
    const id = await outbox.record(db, kind, userId, payload, { quiet: true });
    await deliverNow(id);
  }

  /** A delivery the caller waits for; its failure stays with the outbox, never with the caller. */
  async function deliverNow(id: string) {
    try {
      await outbox.deliverNow([id]);
    } catch (error) {
      log.error({ err: error }, "outbox delivery run failed");
    }
  }

  const events: DomainEvents = {
    rateChanged: deps.rateChanged,
    async notify(userId, type, params, { tx }) {
      await outbox.record(tx, "notification", userId, { type, params });
    },
    mail: (userId, template, data, options) => effect("mail", userId, { template, data }, options),
    async live(userId, event, options = {}) {
      if ("transient" in options) {
        // Nothing to keep: the next value replaces a lost one (TransientOptions).
        if (userId) bus.publish(userId, event);
        else bus.publishAll(event);
        return;
      }
      await effect("live", userId, { event }, options);
    },
  };

  return { events, outbox };
}
