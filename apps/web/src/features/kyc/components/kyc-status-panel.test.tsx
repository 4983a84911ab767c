import type { KycState } from "@fre/shared";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import frKyc from "../../../locales/fr/kyc.json";
import { loadCatalogs, renderStatic, textOf } from "../../../test/render-static";
import { KycStatusPanel } from "./kyc-status-panel";

const state = (patch: Partial<KycState>): KycState => ({
  status: "pending",
  draft: {} as KycState["draft"],
  submittedAt: "2026-11-20T10:00:00.000Z",
  reviewedAt: null,
  rejectionReason: null,
  recheckRequired: false,
  ...patch,
});

const render = (value: KycState) =>
  renderStatic(
    <MemoryRouter>
      <KycStatusPanel state={value} onRestart={() => undefined} />
    </MemoryRouter>,
  );

loadCatalogs({ kyc: frKyc });

describe("KycStatusPanel", () => {
  it("says a request is under review, since when", async () => {
    const html = await render(state({}));
    expect(html).toContain('data-testid="kyc-status-pending"');
    expect(html).toContain("border-sky-400/40");
    expect(textOf(html)).toMatch(
      /\|Dossier en cours d'examen\|Votre dossier a bien été reçu.*\|Envoyé le .*2026.*\|$/,
    );
  });

  it("says an identity is verified and leads to a withdrawal", async () => {
    const html = await render(
      state({ status: "approved", reviewedAt: "2026-11-21T10:00:00.000Z" }),
    );
    expect(html).toContain('data-testid="kyc-status-approved"');
    expect(html).toContain('href="/withdrawal"');
    expect(textOf(html)).toMatch(/\|Identité vérifiée\|.*\|Décision du .*\|Faire un retrait\|$/);
  });

  it("gives a rejection's reason before its date, then the way to start again", async () => {
    const html = await render(
      state({
        status: "rejected",
        reviewedAt: "2026-11-21T10:00:00.000Z",
        rejectionReason: "Photo floue",
      }),
    );
    expect(html).toContain('data-testid="kyc-status-rejected"');
    expect(textOf(html)).toMatch(
      /\|Dossier refusé\|Votre dossier n'a pas pu.*\|Motif :\|Photo floue\|Décision du .*\|Recommencer la vérification\|$/,
    );
  });

  it("asks for a new check when one is needed, without saying more", async () => {
    const html = await render(
      state({ status: "approved", reviewedAt: "2026-11-21T10:00:00.000Z", recheckRequired: true }),
    );
    expect(html).toContain('data-testid="kyc-status-recheck"');
    expect(html).not.toContain('href="/withdrawal"');
    expect(textOf(html)).toMatch(
      /\|Nouvelle vérification nécessaire\|Une nouvelle vérification de votre identité.*\|Décision du .*\|Refaire ma vérification\|$/,
    );
  });

  it("leaves out what is not known", async () => {
    const html = await render(state({ status: "rejected", reviewedAt: null }));
    expect(html).not.toContain("kyc-rejection-reason");
    expect(html).not.toContain("Décision du");
  });
});
