/**
 * The admin settings forms built on components/settings (SettingsCard, SettingsFormFooter,
 * useNumberFields): an elevated admin at 390 px changes one rule on /admin/circle,
 * /admin/daily, /admin/challenge, /admin/leagues and /admin/games; each page says it is saved
 * (the form is not remounted by the new data, which used to drop that « saved »), keeps the
 * saved value, and the server has it. A value the circle's schema refuses is stopped in the
 * browser with its reason.
 * Every setting is put back afterwards for the files that follow.
 */
import { describe, expect, it } from "vitest";
import { baseURL, elevateAdmin, useBrowser } from "./support";

const chromium = useBrowser();

const origin = () => ({ origin: baseURL() });

type Settings = Record<string, unknown>;

/** The value at a dotted `path` ("multipliers.bronze") of a settings object. */
const at = (settings: Settings, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (value as Settings | undefined)?.[key], settings);

/** One page, the field changed on it, the value typed (from the stored one) and its « saved ». */
const SCREENS: {
  path: string;
  api: string;
  label: string;
  key: string;
  next: (stored: Settings) => string;
  saved: string;
}[] = [
  {
    path: "/admin/circle",
    api: "/api/admin/circle/settings",
    label: "Filleuls comptés sans cercle",
    key: "capWithout",
    next: (s) => String(Number(s.capWithout) > 1 ? Number(s.capWithout) - 1 : 2),
    saved: "Règles enregistrées.",
  },
  {
    path: "/admin/daily",
    api: "/api/admin/daily/settings",
    label: "Gels détenus au plus",
    key: "maxFreezes",
    next: (s) => String(Number(s.maxFreezes) === 2 ? 1 : Number(s.maxFreezes) + 1),
    saved: "Réglages enregistrés.",
  },
  {
    path: "/admin/challenge",
    api: "/api/admin/challenge/settings",
    label: "Inscriptions par heure avant hausse",
    key: "busySignUps",
    next: (s) => String(Number(s.busySignUps) + 1),
    saved: "Réglages enregistrés.",
  },
  {
    path: "/admin/leagues",
    api: "/api/admin/leagues/settings",
    label: "Bronze",
    key: "multipliers.bronze",
    next: (s) => String(Number(at(s, "multipliers.bronze")) === 1 ? 2 : 1),
    saved: "Règles enregistrées.",
  },
  {
    path: "/admin/games",
    api: "/api/admin/games/limits",
    label: "Mise maximale (FRE)",
    key: "maxBet",
    next: (s) => String(Math.floor(Number(s.maxBet)) + 1),
    saved: "Limites enregistrées.",
  },
];

describe("admin settings forms", () => {
  it("each page saves a changed rule, says so and keeps it; a refused value is explained", async () => {
    const { context, page, errors } = await chromium.open();
    await elevateAdmin(context);
    const read = async (api: string) => (await (await page.request.get(api)).json()) as Settings;

    for (const screen of SCREENS) {
      const before = await read(screen.api);
      try {
        await page.goto(screen.path);
        const input = page.getByLabel(screen.label, { exact: true });
        await input.waitFor();
        const typed = screen.next(before);
        await input.fill(typed);
        await page.getByRole("button", { name: /^Enregistrer/ }).click();
        await page.getByRole("status").filter({ hasText: screen.saved }).waitFor();
        expect(await input.inputValue()).toBe(typed);
        expect(Number(at(await read(screen.api), screen.key))).toBe(Number(typed));
        // An edit clears the « saved » of the last submit.
        await input.fill("");
        await page.getByRole("status").filter({ hasText: screen.saved }).waitFor({
          state: "detached",
        });
      } finally {
        const put = await page.request.put(screen.api, { data: before, headers: origin() });
        expect(put.status()).toBe(200);
      }
    }

    // The league rewards by place, in French ordinals: « 1re place », never « 1e place ».
    await page.goto("/admin/leagues");
    for (const place of ["1re place", "2e place", "3e place"]) {
      await page.getByLabel(place, { exact: true }).waitFor();
    }
    expect(await page.getByText("1e place").count()).toBe(0);

    // The circle's schema, applied in the browser: an empty field is refused before any request.
    const circle = await read("/api/admin/circle/settings");
    await page.goto("/admin/circle");
    const minActive = page.getByLabel("Membres actifs pour le bonus complet", { exact: true });
    await minActive.fill("");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    const refused = page.getByRole("alert").filter({ hasText: "Valeurs invalides" });
    await refused.waitFor();
    expect(await read("/api/admin/circle/settings")).toEqual(circle);
    await minActive.fill(String(circle.minActive));
    await refused.waitFor({ state: "detached" });

    expect(errors).toEqual([]);
  });
});
