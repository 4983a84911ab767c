import { DEFAULT_RISK_SETTINGS, type RiskSettings } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { adminRiskKeys } from "../api/admin-risk-api";
import { AdminRiskPage, riskSettingsOf, THRESHOLD_BOUNDS, WEIGHT_BOUNDS } from "./admin-risk-page";

loadCatalogs({ admin: frAdmin });

const settings: RiskSettings = { ...DEFAULT_RISK_SETTINGS, highAt: 65 };

async function render() {
  const html = await renderWithQueries(<AdminRiskPage />, {
    seed: (client) => client.setQueryData(adminRiskKeys.settings(), settings),
  });
  return html.replaceAll("&#x27;", "'");
}

/** The form's text fields as the admin would type them. */
const text = (s: RiskSettings) => ({
  weights: Object.fromEntries(Object.entries(s.weights).map(([k, v]) => [k, String(v)])) as {
    [K in keyof RiskSettings["weights"]]: string;
  },
  thresholds: {
    mediumAt: String(s.mediumAt),
    highAt: String(s.highAt),
    networkAccounts: String(s.networkAccounts),
    networkWindowHours: String(s.networkWindowHours),
    deviceAccounts: String(s.deviceAccounts),
    burstReferees: String(s.burstReferees),
    burstWindowMinutes: String(s.burstWindowMinutes),
    idleReferees: String(s.idleReferees),
    idleSharePercent: String(s.idleSharePercent),
    idleAfterDays: String(s.idleAfterDays),
    roboticStarts: String(s.roboticStarts),
    roboticJitterSeconds: String(s.roboticJitterSeconds),
    serialTaskAccounts: String(s.serialTaskAccounts),
  },
});

describe("AdminRiskPage", () => {
  it("shows every weight and threshold as a bounded number field labelled in words", async () => {
    const html = await render();
    expect(html).toContain("<h1");
    expect(html).toContain("Risque de fraude");
    expect(html).toContain("Poids de chaque signal (points)");
    expect(html).toContain("Réseau d'inscription partagé");
    expect(html).toContain("Minage robotisé : écart toléré entre les intervalles (secondes)");
    expect(html).toContain("Score à partir duquel le compte est à examiner");
    expect(html).toMatch(/name="highAt"[^>]*value="65"|value="65"[^>]*name="highAt"/);
    const inputs = [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]);
    // Eight weights and thirteen thresholds (serial_tasks: issue 38).
    expect(inputs).toHaveLength(21);
    for (const input of inputs) {
      expect(input).toContain('type="number"');
      expect(input).toMatch(/min="\d+"/);
      expect(input).toMatch(/max="\d+"/);
    }
    expect(html).toContain("Entre 2 et 100000.");
    expect(html).toContain("Calculer maintenant");
    expect(html).toContain("journal d'audit");
  });

  it("takes its bounds from the schema the server applies", () => {
    expect(WEIGHT_BOUNDS).toEqual({ min: 0, max: 100 });
    expect(THRESHOLD_BOUNDS.mediumAt).toEqual({ min: 1, max: 100 });
    expect(THRESHOLD_BOUNDS.roboticStarts).toEqual({ min: 3, max: 50 });
    expect(THRESHOLD_BOUNDS.networkWindowHours).toEqual({ min: 1, max: 720 });
  });

  it("sends whole numbers within bounds, refuses the rest before asking the server", () => {
    const parsed = riskSettingsOf(text(settings));
    expect(parsed.success && parsed.data).toEqual(settings);
    const values = text(settings);
    expect(
      riskSettingsOf({ ...values, thresholds: { ...values.thresholds, mediumAt: "70" } }).success,
    ).toBe(false);
    expect(
      riskSettingsOf({ ...values, weights: { ...values.weights, shared_wallet: "101" } }).success,
    ).toBe(false);
    expect(
      riskSettingsOf({ ...values, thresholds: { ...values.thresholds, idleAfterDays: "" } })
        .success,
    ).toBe(false);
    expect(
      riskSettingsOf({ ...values, thresholds: { ...values.thresholds, deviceAccounts: "2.5" } })
        .success,
    ).toBe(false);
  });
});
