import { describe, expect, it } from "vitest";
import { baseURL, elevateAdmin, newUser, pathOf, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

/**
 * A session ended elsewhere (here: an admin suspends the account) ends the live stream at once;
 * the browser's reconnection hears 401. The screen must leave the signed-in pages by itself,
 * without a tap, even on a page that polls nothing of its own (the profile).
 */
describe("a session ended elsewhere", () => {
  it("leaves the signed-in screens on its own once the live stream is refused", async () => {
    const victim = await chromium.open();
    const user = newUser("gone");
    await signUpInContext(victim.context, user);
    const streamOpened = victim.page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/events" && response.ok(),
    );
    await victim.page.goto("/profile");
    await streamOpened;
    await victim.page.getByTestId("page-title").waitFor();

    const boss = await chromium.open();
    await elevateAdmin(boss.context);
    const found = await boss.context.request.get(
      `/api/admin/users?q=${encodeURIComponent(user.nickname)}`,
    );
    const userId: string = (await found.json()).items[0].id;
    const suspended = await boss.context.request.post(`/api/admin/users/${userId}/suspend`, {
      data: { reason: "Fraude au parrainage" },
      headers: { origin: baseURL() },
    });
    expect(suspended.status()).toBe(200);

    // No tap, no focus change: the sign-in page comes by itself.
    await expect.poll(() => pathOf(victim.page), { timeout: 20_000 }).toBe("/login");
  });
});
