import { LOGIN_ACCOUNT_FREE_FAILURES } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { attemptDelayMs } from "../src/modules/auth/auth.service.ts";
import { client, signUp, useTestApp } from "./helpers.ts";

/** Sign-in lockout policy (docs/decisions/0014-sign-in-lockout.md). */
const test = useTestApp();

const MINUTE = 60 * 1000;
let ipCounter = 0;
/** A fresh client address per call, so tests do not share IP counters. */
const nextIp = () => {
  ipCounter += 1;
  return `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const signIn = (ip: string, email: string, password: string, language?: string) =>
  client(test(), { ip, language }).post("/api/auth/sign-in/email", { email, password });
const WRONG = "Wrong!pass1";

async function failTimes(ip: string, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const r = await signIn(ip, email, WRONG);
    expect(r.statusCode).toBe(401);
    expect(r.json().error).toBe("INVALID_CREDENTIALS");
  }
}

function statuses(responses: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe("sign-in lockout", () => {
  it("does not lock another account from the IP that failed on one", async () => {
    const { user: a } = await signUp(test());
    const { user: b } = await signUp(test());
    const ip = nextIp();
    await failTimes(ip, a.email, 5);
    expect((await signIn(ip, a.email, a.password)).statusCode).toBe(429);
    // B, behind the same address (carrier NAT), is untouched: a wrong try is a plain 401…
    expect((await signIn(ip, b.email, WRONG)).statusCode).toBe(401);
    // …and the right password signs in.
    expect((await signIn(ip, b.email, b.password)).statusCode).toBe(200);
  });

  it("does not let an attacker's failures from his IP stop the owner signing in from hers", async () => {
    const { user: victim } = await signUp(test());
    const attacker = nextIp();
    await failTimes(attacker, victim.email, 5);
    const locked = await signIn(attacker, victim.email, WRONG);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe("TOO_MANY_ATTEMPTS");

    const home = nextIp();
    expect((await signIn(home, victim.email, victim.password)).statusCode).toBe(200);
    // The attacker's pair stays locked after the owner's success.
    expect((await signIn(attacker, victim.email, victim.password)).statusCode).toBe(429);
  });

  it("slows an account down progressively across IPs instead of locking it", async () => {
    const { user } = await signUp(test());
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES / 5; i++)
      await failTimes(nextIp(), user.email, 5);

    // 10 failures: the next attempt, from anywhere, waits 1 s, then 2 s, then 4 s…
    for (const wait of [1, 2, 4]) {
      const ip = nextIp();
      const early = await signIn(ip, user.email, WRONG);
      expect(early.statusCode).toBe(429);
      expect(early.json().retryAfter).toBe(wait);
      expect(early.headers["retry-after"]).toBe(String(wait));
      expect(early.json().message).toBe(
        `Trop de tentatives de connexion. Réessayez dans ${wait} seconde${wait > 1 ? "s" : ""}.`,
      );
      test().clock.advance(wait * 1000);
      expect((await signIn(ip, user.email, WRONG)).statusCode).toBe(401);
    }
    expect((await signIn(nextIp(), user.email, user.password)).json().retryAfter).toBe(8);
    test().clock.advance(8000);
    // The owner gets in after the short wait, and that clears the account's counter.
    expect((await signIn(nextIp(), user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(nextIp(), user.email, WRONG)).statusCode).toBe(401);
    expect((await signIn(nextIp(), user.email, WRONG)).statusCode).toBe(401);
  });

  it("doubles the account's wait from 1 s up to a 15-minute cap", () => {
    const free = LOGIN_ACCOUNT_FREE_FAILURES;
    expect(free).toBe(10);
    expect(attemptDelayMs(free - 1, free)).toBe(0);
    expect(attemptDelayMs(free, free)).toBe(1000);
    expect(attemptDelayMs(free + 1, free)).toBe(2000);
    expect(attemptDelayMs(free + 9, free)).toBe(512_000);
    expect(attemptDelayMs(free + 10, free)).toBe(15 * MINUTE);
    expect(attemptDelayMs(free + 40, free)).toBe(15 * MINUTE);
  });

  it("lifts a pair's lock when the clock moves past it, saying seconds near the end", async () => {
    const { user } = await signUp(test());
    const ip = nextIp();
    await failTimes(ip, user.email, 5);
    const locked = await signIn(ip, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().retryAfter).toBe(15 * 60);
    expect(locked.headers["retry-after"]).toBe("900");
    expect(locked.json().message).toBe(
      "Trop de tentatives de connexion. Réessayez dans 15 minutes.",
    );

    test().clock.advance(14 * MINUTE + 30_000);
    const almost = await signIn(ip, user.email, user.password);
    expect(almost.statusCode).toBe(429);
    expect(almost.json().retryAfter).toBe(30);
    expect(almost.json().message).toBe(
      "Trop de tentatives de connexion. Réessayez dans 30 secondes.",
    );

    test().clock.advance(30_000);
    expect((await signIn(ip, user.email, user.password)).statusCode).toBe(200);
  });

  it("says how long to wait in the user's language, with its plural forms", async () => {
    const { user } = await signUp(test());
    const ip = nextIp();
    await failTimes(ip, user.email, 5);
    const say = async (language: string) =>
      (await signIn(ip, user.email, WRONG, language)).json().message as string;
    expect(await say("en")).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(await say("ru")).toBe("Слишком много попыток входа. Повторите через 15 минут.");
    test().clock.advance(13 * MINUTE);
    expect(await say("ru")).toBe("Слишком много попыток входа. Повторите через 2 минуты.");
    expect(await say("fr")).toBe("Trop de tentatives de connexion. Réessayez dans 2 minutes.");
    test().clock.advance(MINUTE);
    expect(await say("ru")).toBe("Слишком много попыток входа. Повторите через 1 минуту.");
    expect(await say("en")).toBe("Too many sign-in attempts. Try again in 1 minute.");
    expect(await say("fr")).toBe("Trop de tentatives de connexion. Réessayez dans 1 minute.");
    test().clock.advance(59_000);
    expect(await say("ru")).toBe("Слишком много попыток входа. Повторите через 1 секунду.");
    test().clock.advance(1000);
  });
});

describe("sign-in lockout under a burst", () => {
  it("checks exactly 5 of 20 concurrent wrong passwords on one account from one IP", async () => {
    const { user } = await signUp(test());
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signIn(ip, user.email, WRONG)),
    );
    expect(statuses(responses)).toEqual({ 401: 5, 429: 15 });
    for (const r of responses.filter((r) => r.statusCode === 401)) {
      expect(r.json().error).toBe("INVALID_CREDENTIALS");
    }
    for (const r of responses.filter((r) => r.statusCode === 429)) {
      expect(r.json().error).toBe("TOO_MANY_ATTEMPTS");
      expect(r.json().retryAfter).toBe(15 * 60);
    }
    // The right password is refused too until the pair's lock ends.
    expect((await signIn(ip, user.email, user.password)).statusCode).toBe(429);
  });

  it("lets 10 of 20 concurrent wrong passwords from 20 IPs through, then makes them wait", async () => {
    const { user } = await signUp(test());
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signIn(nextIp(), user.email, WRONG)),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 10 });
    for (const r of responses.filter((r) => r.statusCode === 429)) {
      expect(r.json().error).toBe("TOO_MANY_ATTEMPTS");
      expect(r.json().retryAfter).toBe(1);
    }
    test().clock.advance(1000);
    expect((await signIn(nextIp(), user.email, user.password)).statusCode).toBe(200);
  });
});

describe("device cookies (known browsers)", () => {
  /** The same browser (its cookie jar) seen from another address. */
  function roaming(browser: ReturnType<typeof client>, ip: string) {
    const moved = client(test(), { ip });
    for (const [name, value] of browser.jar) moved.jar.set(name, value);
    return moved;
  }
  const knownBrowser = async (email: string, password: string) => {
    const browser = client(test(), { ip: nextIp() });
    const r = await browser.post("/api/auth/sign-in/email", { email, password });
    expect(r.statusCode).toBe(200);
    return browser;
  };
  const deviceCookieOf = (browser: ReturnType<typeof client>) =>
    [...browser.jar].find(([name]) => name.endsWith("fre.device"));
  /** 11 wrong passwords from other addresses (the probe's case): the account's delay is on. */
  const attackFromElsewhere = async (email: string) => {
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES / 5; i++) await failTimes(nextIp(), email, 5);
    test().clock.advance(1000);
    await failTimes(nextIp(), email, 1);
  };

  it("lets the owner's known browser in from a new address while failures elsewhere slow the account", async () => {
    const { user } = await signUp(test());
    const browser = await knownBrowser(user.email, user.password);
    await attackFromElsewhere(user.email);

    const unknown = await signIn(nextIp(), user.email, user.password);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().error).toBe("TOO_MANY_ATTEMPTS");

    const travelling = roaming(browser, nextIp());
    const known = await travelling.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(known.statusCode).toBe(200);
    // Its success does not reset the attack's count: unknown browsers still wait.
    expect((await signIn(nextIp(), user.email, user.password)).statusCode).toBe(429);
    // The browser still holds a valid cookie (renewed) and gets in again.
    expect(
      (
        await roaming(travelling, nextIp()).post("/api/auth/sign-in/email", {
          email: user.email,
          password: user.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("locks only the device cookie that failed 5 times, not the account nor the address", async () => {
    const { user } = await signUp(test());
    const browser = await knownBrowser(user.email, user.password);
    const otherBrowser = await knownBrowser(user.email, user.password);
    const ip = nextIp();
    const here = roaming(browser, ip);
    for (let i = 0; i < 5; i++) {
      const r = await here.post("/api/auth/sign-in/email", { email: user.email, password: WRONG });
      expect(r.statusCode).toBe(401);
    }
    const locked = await here.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().retryAfter).toBe(15 * 60);
    // Another of the owner's browsers, and an unknown browser at the same address, get in.
    expect(
      (
        await roaming(otherBrowser, ip).post("/api/auth/sign-in/email", {
          email: user.email,
          password: user.password,
        })
      ).statusCode,
    ).toBe(200);
    expect((await signIn(ip, user.email, user.password)).statusCode).toBe(200);

    test().clock.advance(15 * MINUTE);
    const later = await here.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(later.statusCode).toBe(200);
  });

  it("treats another account's or a tampered device cookie as an unknown browser", async () => {
    const { user: victim } = await signUp(test());
    const { user: attacker } = await signUp(test());
    const attackerBrowser = await knownBrowser(attacker.email, attacker.password);
    const ownerBrowser = await knownBrowser(victim.email, victim.password);
    await attackFromElsewhere(victim.email);

    const borrowed = await roaming(attackerBrowser, nextIp()).post("/api/auth/sign-in/email", {
      email: victim.email,
      password: victim.password,
    });
    expect(borrowed.statusCode).toBe(429);

    const [name, value] = deviceCookieOf(ownerBrowser)!;
    const tampered = roaming(ownerBrowser, nextIp());
    tampered.jar.set(name, `${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`);
    const forged = await tampered.post("/api/auth/sign-in/email", {
      email: victim.email,
      password: victim.password,
    });
    expect(forged.statusCode).toBe(429);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, for a year, on the auth routes only", async () => {
    const { user } = await signUp(test());
    const browser = client(test(), { ip: nextIp() });
    const r = await browser.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    const setCookie = [r.headers["set-cookie"] ?? []].flat();
    const device = setCookie.find((line) => line.startsWith("fre.device="));
    expect(device).toBeDefined();
    expect(device).toMatch(/; HttpOnly/);
    expect(device).toMatch(/; SameSite=Lax/);
    expect(device).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(device).toMatch(/; Max-Age=31536000/);
    // PUBLIC_URL is http here: no Secure flag (the https case is in device-cookie.test.ts).
    expect(device).not.toMatch(/Secure/);
    // Neither a failure nor a sign-out sets or clears it: the browser stays known.
    for (const answer of [
      await browser.post("/api/auth/sign-in/email", { email: user.email, password: WRONG }),
      await browser.post("/api/auth/sign-out", {}),
    ]) {
      expect([answer.headers["set-cookie"] ?? []].flat().join()).not.toContain("fre.device");
    }
    expect(deviceCookieOf(browser)).toBeDefined();
  });

  it("knows the browser an account was created in", async () => {
    const { user, client: browser } = await signUp(test());
    await attackFromElsewhere(user.email);
    const r = await roaming(browser, nextIp()).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(r.statusCode).toBe(200);
  });
});
