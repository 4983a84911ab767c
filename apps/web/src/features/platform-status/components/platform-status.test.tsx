import type { Features } from "@fre/shared";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "../../../lib/session";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { featuresKeys, isPlatformRefusal } from "../api/features-api";
import { FeatureGuard } from "./feature-guard";
import { MaintenanceGate, openDuringMaintenance } from "./maintenance-gate";
import { MaintenanceScreen } from "./maintenance-screen";

const ON: Features = {
  games: true,
  shop: true,
  referrals: true,
  maintenance: { active: false, message: null },
};

function render(
  element: ReactElement,
  { features, me, path = "/dashboard" }: { features?: Features; me?: unknown; path?: string },
) {
  return renderWithQueries(element, {
    route: path,
    seed: (client) => {
      if (features) client.setQueryData(featuresKeys.all, features);
      if (me !== undefined) client.setQueryData(meQueryKey, me);
    },
  });
}

const screen = <p>the games screen</p>;
const user = { id: "u1", role: "user" };
const admin = { id: "a1", role: "admin" };
const maintenance: Features = { ...ON, maintenance: { active: true, message: "Retour à 14 h" } };

let consoleError: ReturnType<typeof vi.spyOn>;
loadCatalogs({ app: frApp });
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

describe("FeatureGuard", () => {
  it("shows the screen while its feature is on, or before the switches are known", async () => {
    const guarded = <FeatureGuard feature="games">{screen}</FeatureGuard>;
    expect(await render(guarded, { features: ON })).toContain("the games screen");
    expect(await render(guarded, {})).toContain("the games screen");
  });

  it("shows « temporairement indisponible » instead of the screen while its feature is off", async () => {
    const html = await render(<FeatureGuard feature="games">{screen}</FeatureGuard>, {
      features: { ...ON, games: false },
    });
    expect(html).not.toContain("the games screen");
    expect(html).toContain("Jeux temporairement indisponibles");
    expect(html).toContain('href="/dashboard"');
    // Another feature off leaves this one alone.
    const other = await render(<FeatureGuard feature="games">{screen}</FeatureGuard>, {
      features: { ...ON, shop: false },
    });
    expect(other).toContain("the games screen");
  });
});

describe("MaintenanceGate", () => {
  const gated = <MaintenanceGate>{screen}</MaintenanceGate>;

  it("replaces the app for users and visitors during a maintenance", async () => {
    // The screen is its own chunk: a static render shows its loader in place of the app (what
    // the screen itself shows is tested on MaintenanceScreen below).
    for (const me of [user, null]) {
      const html = await render(gated, { features: maintenance, me });
      expect(html).not.toContain("the games screen");
      expect(html).toContain('role="status"');
    }
  });

  it("keeps the app for admins, outside maintenance, and until the session is known", async () => {
    expect(await render(gated, { features: maintenance, me: admin })).toContain("the games screen");
    expect(await render(gated, { features: ON, me: user })).toContain("the games screen");
    expect(await render(gated, { features: maintenance })).toContain("the games screen");
  });

  it("keeps the sign-in page and the legal texts open", async () => {
    expect(openDuringMaintenance("/login")).toBe(true);
    expect(openDuringMaintenance("/register")).toBe(false);
    expect(openDuringMaintenance("/dashboard")).toBe(false);
    expect(await render(gated, { features: maintenance, me: null, path: "/login" })).toContain(
      "the games screen",
    );
  });
});

describe("MaintenanceScreen", () => {
  const copy = frApp.platformStatus.maintenance;
  /** Text as React writes it into HTML. */
  const html = (text: string) => text.replaceAll("'", "&#x27;");

  it("shows the admin's message in its own direction, and a button to check again", async () => {
    const message = "Retour à 14 h — مرحبا";
    const page = await render(<MaintenanceScreen message={message} signedIn={false} />, {
      features: { ...ON, maintenance: { active: true, message } },
    });
    expect(page).toContain(`<h1 class="text-2xl font-bold text-white">${html(copy.title)}</h1>`);
    expect(page).toContain(html(copy.fromTeam));
    expect(page).toMatch(
      new RegExp(
        `<blockquote dir="auto"[^>]*data-testid="maintenance-message"[^>]*>${message}</blockquote>`,
      ),
    );
    expect(page).toMatch(new RegExp(`<button[^>]*>${html(copy.retry)}</button>`));
    expect(page).not.toMatch(/<button[^>]*\sdisabled=""/);
    // Signed out: the staff's way in.
    expect(page).toContain(`href="/login"`);
    expect(page).toContain(html(copy.staffSignIn));
  });

  it("shows no message box without a message, and no sign-in link to a signed-in user", async () => {
    const page = await render(<MaintenanceScreen message={null} signedIn />, {
      features: maintenance,
    });
    expect(page).toContain(html(copy.title));
    expect(page).not.toContain("<blockquote");
    expect(page).not.toContain(html(copy.fromTeam));
    expect(page).not.toContain(`href="/login"`);
    expect(page).toMatch(new RegExp(`<button[^>]*>${html(copy.retry)}</button>`));
  });
});

describe("isPlatformRefusal", () => {
  it("is a 503 FEATURE_DISABLED or MAINTENANCE only", () => {
    expect(isPlatformRefusal({ status: 503, error: "MAINTENANCE" })).toBe(true);
    expect(isPlatformRefusal({ status: 503, error: "FEATURE_DISABLED" })).toBe(true);
    expect(isPlatformRefusal({ status: 503, error: "INTERNAL_ERROR" })).toBe(false);
    expect(isPlatformRefusal({ status: 409, error: "MAINTENANCE" })).toBe(false);
    expect(isPlatformRefusal(null)).toBe(false);
  });
});
