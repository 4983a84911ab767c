import { eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { outboxEffects, users } from "../src/db/schema/index.ts";
import type { LiveEvent } from "../src/lib/event-bus.ts";
import { backoffMs, createOutbox, OUTBOX_LEASE_MS } from "../src/lib/outbox.ts";
import { type Mail, type Mailer, outboxMailer } from "../src/modules/mail/mail.transport.ts";
import { deletePersonalRows } from "../src/modules/users/users-erasure.repo.ts";
import {
  type Client,
  client,
  elevatedAdmin,
  freshDatabase,
  outbox,
  signUp,
  type TestApp,
  uniqueUser,
  useTestApp,
  verifyEmail,
} from "./helpers.ts";

/**
 * Mails, notifications and live events are written with the change they announce and delivered
 * after its commit (decision 0032): a failing mailer fails no request and loses no mail.
 */

/** The outbox transport (tests read it), with an outage switch and a count of what was handed. */
function switchableMailer() {
  const state = { down: false, handed: [] as Mail[], db: null as TestApp["db"] | null };
  const mailer: Mailer = {
    kind: "outbox",
    async send(mail) {
      if (state.down)
        throw Object.assign(new Error(`refused ${mail.to}`), { code: "ECONNREFUSED" });
      state.handed.push(mail);
      await outboxMailer(state.db!).send(mail);
    },
    async close() {},
  };
  return { state, mailer };
}

const mailer = switchableMailer();
const test = useTestApp({ mailer: mailer.mailer });
let admin: Client;
beforeAll(async () => {
  mailer.state.db = test().db;
  admin = (await elevatedAdmin(test(), "outboxdesk")).client;
});

const allEffectsOf = (userId: string) => {
  const { db } = test();
  return db
    .select({
      kind: outboxEffects.kind,
      attempts: outboxEffects.attempts,
      deliveredAt: outboxEffects.deliveredAt,
      lastError: outboxEffects.lastError,
      payload: outboxEffects.payload,
    })
    .from(outboxEffects)
    .where(eq(outboxEffects.userId, userId));
};

const templateOf = (effect: { payload: unknown }) =>
  (effect.payload as { template?: string }).template;

/** The user's effects, but the sign-up's verification mail. */
const effectsOf = async (userId: string) =>
  (await allEffectsOf(userId)).filter((effect) => templateOf(effect) !== "verifyEmail");

/** The mails handed to the mailer for this address, but the sign-up's verification. */
const handedTo = (email: string) =>
  mailer.state.handed.filter((m) => m.to === email && !m.text.includes("verify-email"));

async function openTicket(c: Client, subject = "Mon retrait") {
  const created = await c.post("/api/support/tickets", { subject, message: "Il ne part pas." });
  return created;
}

describe("a failing mailer", () => {
  it("fails no request; the mails go out once it recovers, once each", async () => {
    const { client: c, user, me } = await signUp(test());
    mailer.state.down = true;
    const created = await openTicket(c);
    expect(created.statusCode, created.body).toBe(201);
    const answered = await admin.post(`/api/admin/support/tickets/${created.json().id}/replies`, {
      message: "C'est réglé.",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await test().effects.settle();
    expect(handedTo(user.email)).toHaveLength(0);
    const pending = (await effectsOf(me.id)).filter((e) => e.kind === "mail");
    expect(pending).toHaveLength(2);
    for (const effect of pending) {
      expect(effect).toMatchObject({ deliveredAt: null, lastError: "ECONNREFUSED", attempts: 1 });
    }
    // The notification does not wait for the mailer.
    expect((await c.get("/api/notifications")).json().items[0]).toMatchObject({
      type: "support_answer",
    });

    // Recovered, but the retry is not due yet.
    mailer.state.down = false;
    await test().effects.settle();
    expect(handedTo(user.email)).toHaveLength(0);
    test().clock.advance(backoffMs(1));
    await test().effects.settle();
    const subjects = (await outbox(test(), user.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(
      expect.arrayContaining([
        "FRE — Nous avons bien reçu votre demande",
        "FRE — Réponse à votre demande",
      ]),
    );
    expect(handedTo(user.email)).toHaveLength(2);
    for (const effect of await effectsOf(me.id)) {
      expect(effect.deliveredAt).not.toBeNull();
      expect(effect.lastError).toBeNull();
    }
    // Nothing is sent twice, however often the job runs.
    test().clock.advance(OUTBOX_LEASE_MS * 2);
    await test().effects.settle();
    await test().effects.deliverDue();
    expect(handedTo(user.email)).toHaveLength(2);
  });

  it("renders a mail at delivery, in the language the user has then", async () => {
    const { client: c, user } = await signUp(test());
    mailer.state.down = true;
    expect((await openTicket(c, "Language")).statusCode).toBe(201);
    await test().effects.settle();
    expect((await c.patch("/api/me", { language: "en" })).statusCode).toBe(200);
    mailer.state.down = false;
    test().clock.advance(backoffMs(1));
    await test().effects.settle();
    const [mail] = handedTo(user.email);
    expect(mail?.subject).toBe("FRE — We received your request");
    expect(mail?.text).toContain("Language");
    expect(mail?.html).toContain('lang="en"');
  });

  it("sends nothing to an account erased before the delivery", async () => {
    const { client: c, user, me } = await signUp(test());
    mailer.state.down = true;
    expect((await openTicket(c, "Effacez-moi")).statusCode).toBe(201);
    await test().effects.settle();
    await test().db.update(users).set({ erasedAt: test().clock.now() }).where(eq(users.id, me.id));
    mailer.state.down = false;
    test().clock.advance(backoffMs(1));
    await test().effects.settle();
    expect(handedTo(user.email)).toHaveLength(0);
    const [effect] = await effectsOf(me.id);
    expect(effect?.deliveredAt).not.toBeNull();
  });

  it("an erasure deletes the user's effects with their personal data", async () => {
    const { client: c, user, me } = await signUp(test());
    mailer.state.down = true;
    expect((await openTicket(c, "Données")).statusCode).toBe(201);
    await test().effects.settle();
    expect(await effectsOf(me.id)).toHaveLength(1);
    await test().db.transaction((tx) =>
      deletePersonalRows(tx, me.id, user.email, test().clock.now()),
    );
    expect(await effectsOf(me.id)).toEqual([]);
    mailer.state.down = false;
    test().clock.advance(backoffMs(1));
    await test().effects.settle();
    expect(handedTo(user.email)).toHaveLength(0);
  });
});

describe("delivery", () => {
  it("two runs at once (two processes) send each mail once", async () => {
    const buyers = [];
    for (let i = 0; i < 6; i++) buyers.push(await signUp(test()));
    // Recorded while the mailer is down, so both runs below find them all due at once.
    mailer.state.down = true;
    for (const { client: c } of buyers) expect((await openTicket(c)).statusCode).toBe(201);
    await test().effects.settle();
    mailer.state.down = false;
    test().clock.advance(backoffMs(1));
    const runs = await Promise.all([test().effects.deliverDue(), test().effects.deliverDue()]);
    expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(6);
    await test().effects.settle();
    for (const { user } of buyers) expect(handedTo(user.email)).toHaveLength(1);
  });

  it("two outboxes claiming the same rows in small batches deliver each effect once", async () => {
    const database = await freshDatabase();
    try {
      const delivered: string[] = [];
      const slow = async (effect: { id: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        delivered.push(effect.id);
      };
      const clock = { now: () => new Date() };
      const make = () =>
        createOutbox<{ ping: { n: number } }>({
          db: database.db,
          clock,
          batchSize: 3,
          handlers: { ping: slow },
        });
      const [a, b] = [make(), make()];
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 20; n++) await a.record(tx, "ping", null, { n });
      });
      const runs = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue()]);
      expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(20);
      expect(delivered).toHaveLength(20);
      expect(new Set(delivered).size).toBe(20);
    } finally {
      await database.drop();
    }
  });

  it("delivers users side by side, each user's effects in the order they were recorded", async () => {
    const database = await freshDatabase();
    try {
      await database.db.insert(users).values(
        ["u1", "u2"].map((id) => ({
          id,
          name: id,
          email: `${id}@outbox.test`,
          nickname: id,
          referralCode: `OB${id}`,
        })),
      );
      const log: string[] = [];
      // One instant for every effect, as effects recorded within a millisecond have: the order
      // they were recorded in is all that tells them apart.
      const instant = new Date();
      const outboxOf = createOutbox<{ ping: { n: number } }>({
        db: database.db,
        clock: { now: () => instant },
        handlers: {
          ping: async (effect) => {
            const name = `${effect.userId}:${effect.payload.n}`;
            log.push(`start ${name}`);
            await new Promise((resolve) => setTimeout(resolve, 10));
            log.push(`end ${name}`);
          },
        },
      });
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 3; n++) {
          await outboxOf.record(tx, "ping", "u1", { n });
          await outboxOf.record(tx, "ping", "u2", { n });
        }
      });
      expect(await outboxOf.deliverDue()).toEqual({ delivered: 6, failed: 0 });
      // Each user's one after the other, in order…
      for (const user of ["u1", "u2"]) {
        expect(log.filter((line) => line.includes(user))).toEqual(
          [0, 1, 2].flatMap((n) => [`start ${user}:${n}`, `end ${user}:${n}`]),
        );
      }
      // …and the two users side by side.
      expect(log.slice(0, 2).sort()).toEqual(["start u1:0", "start u2:0"]);
      const left = await database.db
        .select({ id: outboxEffects.id })
        .from(outboxEffects)
        .where(isNull(outboxEffects.deliveredAt));
      expect(left).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it("an effect of a rolled-back transaction is never delivered", async () => {
    const { me, user } = await signUp(test());
    await expect(
      test().db.transaction(async (tx) => {
        await test().events.mail(
          me.id,
          "supportReceived",
          { ticketId: "00000000-0000-0000-0000-000000000000", subject: "x" },
          { tx },
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await test().effects.settle();
    expect(handedTo(user.email)).toHaveLength(0);
    expect(await effectsOf(me.id)).toEqual([]);
  });

  it("a live broadcast (an information message) reaches an open app after the commit", async () => {
    const { me } = await signUp(test());
    const seen: LiveEvent[] = [];
    const unsubscribe = test().bus.subscribe(me.id, (event) => seen.push(event));
    try {
      const created = await admin.post("/api/admin/messages/information", {
        title: "Maintenance",
        content: "Ce soir.",
      });
      expect(created.statusCode, created.body).toBe(201);
      await test().effects.settle();
      await vi.waitFor(() =>
        expect(seen).toContainEqual(
          expect.objectContaining({
            type: "information",
            data: expect.objectContaining({ id: created.json().id }),
          }),
        ),
      );
    } finally {
      unsubscribe();
    }
  });
});

// Last: its clock moves past the admin's elevation.
describe("Better Auth's mails", () => {
  const linksTo = (email: string, path: string) =>
    mailer.state.handed.filter((m) => m.to === email && m.text.includes(path));

  it("a failing mailer fails no sign-up; the verification mail goes out once it recovers", async () => {
    mailer.state.down = true;
    const user = uniqueUser("authmail");
    const c = client(test());
    const answered = await c.post("/api/auth/sign-up/email", { ...user, name: user.nickname });
    expect(answered.statusCode, answered.body).toBe(200);
    const me = (await c.get("/api/me")).json();
    expect(me).toMatchObject({ email: user.email, emailVerified: false });
    // Asking again answers as usual too (past its cooldown), the mailer still down.
    test().clock.advance(61_000);
    const again = await c.post("/api/auth/send-verification-email", { email: user.email });
    expect(again.statusCode, again.body).toBe(200);
    await test().effects.settle();
    expect(linksTo(user.email, "/verify-email")).toHaveLength(0);
    const pending = (await allEffectsOf(me.id)).filter((e) => templateOf(e) === "verifyEmail");
    expect(pending).toHaveLength(2);
    for (const effect of pending) {
      expect(effect).toMatchObject({ deliveredAt: null, lastError: "ECONNREFUSED" });
    }

    mailer.state.down = false;
    test().clock.advance(backoffMs(2));
    await test().effects.settle();
    expect(linksTo(user.email, "/verify-email")).toHaveLength(2);
    expect((await outbox(test(), user.email))[0]?.subject).toBe(
      "FRE — Confirmez votre adresse e-mail",
    );
    expect((await verifyEmail(test(), user.email)).statusCode).toBe(302);
    expect((await c.get("/api/me")).json().emailVerified).toBe(true);
    // Delivered, a row keeps no token: the template's name only.
    for (const effect of await allEffectsOf(me.id)) {
      expect(effect.deliveredAt).not.toBeNull();
      expect(effect.payload).toEqual({ template: "verifyEmail", data: null });
    }
  });

  it("a failing mailer fails no password reset request; its mail goes out once it recovers", async () => {
    const { user, me } = await signUp(test(), uniqueUser("authreset"));
    mailer.state.down = true;
    const asked = await client(test()).post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await test().effects.settle();
    expect(linksTo(user.email, "/reset-password/")).toHaveLength(0);
    const [pending] = (await allEffectsOf(me.id)).filter((e) => templateOf(e) === "passwordReset");
    expect(pending).toMatchObject({ deliveredAt: null, lastError: "ECONNREFUSED" });
    expect(JSON.stringify(pending?.payload)).toContain("/api/auth/reset-password/");

    mailer.state.down = false;
    test().clock.advance(backoffMs(1));
    await test().effects.settle();
    const [mail] = linksTo(user.email, "/reset-password/");
    expect(mail?.subject).toBe("FRE — Réinitialisation de votre mot de passe");
    const [delivered] = (await allEffectsOf(me.id)).filter(
      (e) => templateOf(e) === "passwordReset",
    );
    expect(delivered).toMatchObject({ payload: { template: "passwordReset", data: null } });
    expect(delivered?.deliveredAt).not.toBeNull();
  });

  it("drops a link mail whose token expired before the mailer recovered", async () => {
    const { user, me } = await signUp(test(), uniqueUser("authlate"));
    mailer.state.down = true;
    const asked = await client(test()).post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode).toBe(200);
    await test().effects.settle();
    // The reset link lives one hour: the mailer is back after it.
    test().clock.advance(3_600_000 + 1000);
    mailer.state.down = false;
    await test().effects.settle();
    expect(linksTo(user.email, "/reset-password/")).toHaveLength(0);
    const [dropped] = (await allEffectsOf(me.id)).filter((e) => templateOf(e) === "passwordReset");
    expect(dropped).toMatchObject({ payload: { template: "passwordReset", data: null } });
    expect(dropped?.deliveredAt).not.toBeNull();
  });
});
