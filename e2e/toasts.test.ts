/**
 * Live notification toasts queue instead of stacking over the page (issue 20, point 7): three
 * referrals become active within a second, the referrer sees one toast at a time, the next once
 * the shown one is dismissed.
 */

import { request as playwrightRequest } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseURL,
  linkFromMail,
  miningStartHeaders,
  newUser,
  phone,
  signUpBody,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();

/** A friend who signed up with the code and verified their e-mail (API only), ready to mine. */
async function verifiedReferral(referralCode: string) {
  const friend = newUser("toastfriend");
  const api = await playwrightRequest.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { origin: baseURL() },
  });
  const signedUp = await api.post("/api/auth/sign-up/email", {
    data: await signUpBody(friend, { referralCode }),
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const link = new URL(await linkFromMail(friend.email, /https?:\/\/\S+verify-email\S+/));
  await api.get(link.pathname + link.search, { maxRedirects: 0 });
  return api;
}

describe("live toasts", () => {
  it("show one at a time, the others waiting their turn", { timeout: 90_000 }, async () => {
    const { context, page } = await phone(chromium.browser, { skipCookieBanner: true });
    try {
      const user = newUser("toasts");
      await signUpInContext(context, user);
      const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
      // The toasts come over the live stream: the referrals start once it is open.
      const live = page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/events" && r.status() === 200,
      );
      await page.goto(link.pathname + link.search);
      await page.waitForURL("**/dashboard");
      await live;
      const me = (await (await page.request.get("/api/me")).json()) as { referralCode: string };

      const friends = [];
      for (let i = 0; i < 3; i++) friends.push(await verifiedReferral(me.referralCode));
      // The three become active together: three notifications within a moment.
      const proofs = await Promise.all(friends.map(() => miningStartHeaders()));
      const started = await Promise.all(
        friends.map((friend, i) => friend.post("/api/mining/start", { headers: proofs[i] })),
      );
      expect(started.map((answer) => answer.status())).toEqual([200, 200, 200]);
      for (const friend of friends) await friend.dispose();

      const toasts = page.locator("ul[data-queued] > li");
      const queued = () => page.locator("ul[data-queued]").getAttribute("data-queued");
      await expect.poll(() => queued(), { timeout: 20_000 }).toBe("2");
      expect(await toasts.count()).toBe(1);
      for (const left of ["1", "0"]) {
        await page.getByRole("button", { name: "Fermer la notification" }).click();
        await expect.poll(() => queued()).toBe(left);
        expect(await toasts.count()).toBe(1);
      }
      await page.getByRole("button", { name: "Fermer la notification" }).click();
      await expect.poll(() => toasts.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
