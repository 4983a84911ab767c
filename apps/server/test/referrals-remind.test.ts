import { REFERRAL_REMIND_INTERVAL_MS } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { signUp, uniqueUser, useTestApp, verifiedUser } from "./helpers.ts";

const test = useTestApp();

type Referral = { id: string; nickname: string; active: boolean; remindableAt: string | null };

/** A referrer with one verified referral, and the referral's id as the referrer's list shows it. */
async function referrerAndReferral() {
  const referrer = await verifiedUser(test(), "nudger");
  const referral = await verifiedUser(test(), "sleeper", {
    referralCode: referrer.me.referralCode,
  });
  const list = (await referrer.client.get("/api/referrals")).json().referrals as Referral[];
  const entry = list.find((r) => r.nickname === referral.me.nickname);
  if (!entry) throw new Error("referral not listed");
  return { referrer, referral, entry };
}

/** Recorded with the reminder's stamp, stored right after its commit (decision 0032). */
async function notificationsOf(user: Awaited<ReturnType<typeof signUp>>) {
  await test().effects.settle();
  return (await user.client.get("/api/notifications")).json().items as {
    type: string;
    title: string;
    message: string;
    target: string;
  }[];
}

describe("reminding an inactive referral", () => {
  it("sends the referral a notification naming the referrer, in the referral's language", async () => {
    const { referrer, referral, entry } = await referrerAndReferral();
    expect(entry).toMatchObject({ active: false, remindableAt: null });

    const sent = await referrer.client.post(`/api/referrals/${entry.id}/remind`);
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body.nickname).toBe(referral.me.nickname);
    expect(Date.parse(body.remindableAt) - Date.parse(body.remindedAt)).toBe(
      REFERRAL_REMIND_INTERVAL_MS,
    );

    const [notice] = await notificationsOf(referral);
    expect(notice).toMatchObject({
      type: "referral_reminder",
      title: "Votre parrain vous attend",
      target: "/dashboard",
    });
    expect(notice?.message).toContain(referrer.me.nickname);

    // The referrer's list now says when the next reminder is possible.
    const after = (await referrer.client.get("/api/referrals")).json().referrals as Referral[];
    expect(after.find((r) => r.id === entry.id)?.remindableAt).toBe(body.remindableAt);
  });

  it("allows one reminder a day per referral, with the wait in the refusal", async () => {
    const { referrer, referral, entry } = await referrerAndReferral();
    expect((await referrer.client.post(`/api/referrals/${entry.id}/remind`)).statusCode).toBe(200);

    test().clock.advance(REFERRAL_REMIND_INTERVAL_MS - 5 * 60_000);
    const again = await referrer.client.post(`/api/referrals/${entry.id}/remind`);
    expect(again.statusCode).toBe(429);
    expect(again.headers["retry-after"]).toBe("300");
    expect(again.json()).toMatchObject({
      error: "REFERRAL_REMIND_TOO_SOON",
      retryAfter: 300,
      message:
        "Vous avez déjà rappelé ce filleul il y a moins de 24 heures. Nouveau rappel possible dans 5 minutes.",
    });
    expect(
      (await notificationsOf(referral)).filter((n) => n.type === "referral_reminder"),
    ).toHaveLength(1);

    test().clock.advance(5 * 60_000);
    expect((await referrer.client.post(`/api/referrals/${entry.id}/remind`)).statusCode).toBe(200);
    expect(
      (await notificationsOf(referral)).filter((n) => n.type === "referral_reminder"),
    ).toHaveLength(2);
  });

  it("counts the wait in hours, with the language's plural", async () => {
    const { referrer, entry } = await referrerAndReferral();
    expect((await referrer.client.post(`/api/referrals/${entry.id}/remind`)).statusCode).toBe(200);
    const refusal = async (language: string) => {
      const response = await test().app.inject({
        method: "POST",
        url: `/api/referrals/${entry.id}/remind`,
        headers: {
          origin: "http://localhost:3000",
          "accept-language": language,
          cookie: [...referrer.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        payload: {},
      });
      return response.json().message as string;
    };
    test().clock.advance(60_000);
    expect(await refusal("fr")).toMatch(/dans 24 heures\.$/);
    // 60 min 1 ms left reads as 2 hours (never shorter than the real wait), 60 min as 1 hour.
    test().clock.advance(REFERRAL_REMIND_INTERVAL_MS - 61 * 60_000 - 1);
    expect(await refusal("fr")).toMatch(/dans 2 heures\.$/);
    test().clock.advance(1);
    expect(await refusal("fr")).toMatch(/dans 1 heure\.$/);
    expect(await refusal("en")).toMatch(/in 1 hour\.$/);
    test().clock.advance(30 * 60_000);
    expect(await refusal("ru")).toMatch(/через 30 минут\.$/);
    expect(await refusal("zh")).toContain("30 分钟后");
  });

  it("refuses a referral who is mining right now", async () => {
    const { referrer, referral, entry } = await referrerAndReferral();
    expect((await referral.client.post("/api/mining/start")).statusCode).toBe(200);
    const response = await referrer.client.post(`/api/referrals/${entry.id}/remind`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("REFERRAL_ALREADY_MINING");
    expect(await notificationsOf(referral)).toEqual([]);
  });

  it("answers 404 to anyone but the referrer, and for unknown users", async () => {
    const { referral, entry } = await referrerAndReferral();
    const stranger = await verifiedUser(test(), "stranger");
    const asStranger = await stranger.client.post(`/api/referrals/${entry.id}/remind`);
    expect(asStranger.statusCode).toBe(404);
    // The referral cannot nudge itself, nor its referrer upwards.
    expect((await referral.client.post(`/api/referrals/${entry.id}/remind`)).statusCode).toBe(404);
    const unknown = await stranger.client.post(
      "/api/referrals/00000000-0000-4000-8000-000000000000/remind",
    );
    expect(unknown.statusCode).toBe(404);
    expect(await notificationsOf(referral)).toEqual([]);
  });

  it("rejects a malformed id and anonymous callers", async () => {
    const user = await signUp(test(), uniqueUser("shape"));
    const bad = await user.client.post("/api/referrals/not-a-uuid/remind");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("VALIDATION_ERROR");
    const anonymous = await test().app.inject({
      method: "POST",
      url: "/api/referrals/00000000-0000-4000-8000-000000000000/remind",
      headers: { origin: "http://localhost:3000" },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lets only one of two simultaneous reminders through", async () => {
    const { referrer, referral, entry } = await referrerAndReferral();
    const answers = await Promise.all([
      referrer.client.post(`/api/referrals/${entry.id}/remind`),
      referrer.client.post(`/api/referrals/${entry.id}/remind`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    expect(
      (await notificationsOf(referral)).filter((n) => n.type === "referral_reminder"),
    ).toHaveLength(1);
  });
});
