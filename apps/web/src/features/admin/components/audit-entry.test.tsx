import type { AuditEntry } from "@fre/shared";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderStatic } from "../../../test/render-static";
import { AuditItem } from "./audit-entry";

const ADMIN = "00000000-0000-4000-8000-0000000000a1";
const USER = "00000000-0000-4000-8000-0000000000b2";

loadCatalogs({ admin: frAdmin });

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: "00000000-0000-4000-8000-0000000000c3",
  actorId: ADMIN,
  actorNickname: "Camille_M",
  action: "user.suspend",
  targetType: "user",
  targetId: USER,
  targetNickname: "Noah.P",
  before: { suspended: false },
  after: { suspended: true, reason: "Fraude au parrainage" },
  ip: "127.0.0.1",
  createdAt: "2026-11-20T03:00:00.000Z",
  ...over,
});

async function render(value: AuditEntry) {
  const html = await renderStatic(
    <MemoryRouter>
      <AuditItem entry={value} />
    </MemoryRouter>,
  );
  return html.replaceAll("&#x27;", "'").replace(/<!-- -->/g, "");
}

const cells = (html: string) =>
  [...html.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1]);

describe("AuditItem", () => {
  it("says the act as a sentence with its reason, before and after in words, no id", async () => {
    const html = await render(entry({}));
    expect(html).toContain("Camille_M a suspendu Noah.P — motif : Fraude au parrainage");
    expect(cells(html)).toEqual(
      expect.arrayContaining(["Suspendu", "non", "oui", "Motif", "—", "Fraude au parrainage"]),
    );
    expect(html).toContain(`href="/admin/users/${USER}"`);
    expect(html).toContain("Fiche de Noah.P");
    const text = html.replace(/<[^>]+>/g, " ");
    expect(text).not.toContain(USER);
    expect(text).not.toContain(ADMIN);
  });

  it("formats amounts and hides references", async () => {
    const html = await render(
      entry({
        action: "user.adjustment",
        before: { balance: "0.000000000" },
        after: {
          balance: "0.100000000",
          amount: "0.1",
          reason: "Geste commercial",
          reference: `admin:${USER}`,
        },
      }),
    );
    expect(html).toContain("Camille_M a ajusté le solde de Noah.P — motif : Geste commercial");
    expect(cells(html)).toEqual(expect.arrayContaining(["Solde", "0 FRE", "0,1 FRE", "Montant"]));
    expect(html).not.toContain("admin:");
  });

  it("names a target that is no user by its kind, and links to its section", async () => {
    const html = await render(
      entry({
        action: "withdrawal.reject",
        targetType: "withdrawal",
        targetId: "w-1",
        targetNickname: null,
        before: { status: "pending" },
        after: { status: "rejected" },
      }),
    );
    expect(html).toContain("Camille_M a refusé un retrait");
    expect(cells(html)).toEqual(expect.arrayContaining(["Statut", "en attente", "refusé"]));
    expect(html).toContain('href="/admin/withdrawals"');
  });
});
