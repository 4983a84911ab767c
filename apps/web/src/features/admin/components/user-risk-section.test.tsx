import { type AdminUserRisk, DEFAULT_RISK_SETTINGS } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderStatic, renderWithQueries } from "../../../test/render-static";
import { adminRiskKeys } from "../api/admin-risk-api";
import { RiskBadge } from "./risk-badge";
import { UserRiskSection } from "./user-risk-section";

const USER = "00000000-0000-4000-8000-00000000000a";
const PEER = "00000000-0000-4000-8000-00000000000b";
const OTHER = "00000000-0000-4000-8000-00000000000c";

loadCatalogs({ admin: frAdmin });

const flagged: AdminUserRisk = {
  score: 90,
  level: "high",
  reasons: [
    { code: "shared_network", weight: 30, count: 200 },
    { code: "kyc_duplicate", weight: 60, count: 1 },
  ],
  computedAt: "2026-11-20T03:00:00.000Z",
  reviewedAt: null,
  referralBonusWithheld: false,
  kycRecheckRequired: false,
  cluster: [
    { id: PEER, nickname: "farm01", level: "high", suspended: true, shared: ["shared_network"] },
    {
      id: OTHER,
      nickname: "farm02",
      level: "medium",
      suspended: false,
      shared: ["shared_network", "kyc_duplicate"],
    },
  ],
};

async function render(risk: AdminUserRisk, { suspended = false, settings = true } = {}) {
  const html = await renderWithQueries(
    <UserRiskSection userId={USER} nickname="suspect" suspended={suspended} onSuspend={() => {}} />,
    {
      seed: (client) => {
        client.setQueryData(adminRiskKeys.user(USER), risk);
        if (settings) client.setQueryData(adminRiskKeys.settings(), DEFAULT_RISK_SETTINGS);
      },
    },
  );
  return html.replaceAll("&#x27;", "'");
}

const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe("UserRiskSection", () => {
  it("shows the score, the level in words and each reason as a sentence with its count", async () => {
    const html = await render(flagged);
    expect(html).toMatch(/<h2[^>]*>Risque<\/h2>/);
    expect(html).toContain("90 sur 100");
    expect(html).toContain("Élevé");
    expect(html).toContain("Réseau d'inscription partagé : 200 comptes en 24 h");
    expect(html).toContain("Pièce d'identité en double : 1 compte avec le même numéro de document");
    expect(html).toContain("+60 points");
    expect(html).toContain("Jamais examiné");
  });

  it("lists the cluster as links to their admin pages, with the shared signals, suspended marked", async () => {
    const html = await render(flagged);
    expect(html).toContain(`href="/admin/users/${PEER}"`);
    expect(html).toContain(`href="/admin/users/${OTHER}"`);
    expect(html).toContain(
      "Signaux partagés : Réseau d'inscription partagé, Pièce d'identité en double",
    );
    const peer = html.slice(html.indexOf(PEER), html.indexOf(OTHER));
    expect(peer).toContain("Suspendu");
    expect(html.slice(html.indexOf(OTHER))).not.toContain("Suspendu");
  });

  it("offers the restrictive actions while they are off, and their reversal once on", async () => {
    expect(buttons(await render(flagged)).slice(0, 4)).toEqual([
      "Retenir les bonus de parrainage",
      "Exiger un nouveau KYC",
      "Marquer comme examiné",
      "Suspendre ce compte",
    ]);
    const restricted = await render(
      { ...flagged, referralBonusWithheld: true, kycRecheckRequired: true },
      { suspended: true },
    );
    expect(buttons(restricted).slice(0, 3)).toEqual([
      "Libérer les bonus de parrainage",
      "Lever l'exigence de KYC",
      "Marquer comme examiné",
    ]);
    expect(restricted).not.toContain("Suspendre ce compte");
    expect(restricted).toContain("Ce compte est déjà suspendu.");
    expect(restricted).toContain("Retenus");
  });

  it("says when the account was never scored and nothing was found", async () => {
    const html = await render({
      ...flagged,
      score: 0,
      level: "low",
      reasons: [],
      computedAt: null,
      cluster: [],
    });
    expect(html).toContain("Pas encore calculé");
    expect(html).toContain("Aucun signal relevé.");
    expect(html).toContain("Aucun compte lié.");
  });
});

describe("RiskBadge", () => {
  it("names the level and the score of a medium or high account, nothing for a low one", async () => {
    const html = async (risk: Parameters<typeof RiskBadge>[0]["risk"]) =>
      renderStatic(<RiskBadge risk={risk} />);
    expect(await html({ level: "high", score: 72 })).toContain("Risque élevé · 72");
    expect(await html({ level: "medium", score: 40 })).toContain("Risque moyen · 40");
    expect(await html({ level: "low", score: 10 })).toBe("");
    expect(await html(null)).toBe("");
  });
});
