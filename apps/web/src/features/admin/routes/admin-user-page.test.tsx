import type { AdminUserDetail } from "@fre/shared";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import frAdmin from "../../../locales/fr/admin.json";
import { adminUserDetail } from "../../../test/admin-user-detail";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { adminKeys } from "../api/admin-users-api";
import { AdminUserPage } from "./admin-user-page";

const USER = "00000000-0000-4000-8000-0000000000a1";
const REQUESTER = "00000000-0000-4000-8000-0000000000a2";
const OTHER_ADMIN = "00000000-0000-4000-8000-0000000000a3";

loadCatalogs({ admin: frAdmin });

const detail = (roleGrant: AdminUserDetail["roleGrant"]) => adminUserDetail(USER, { roleGrant });

const grant = {
  id: "00000000-0000-4000-8000-0000000000b1",
  requestedBy: { id: REQUESTER, nickname: "alice" },
  reason: "Renfort du support",
  requestedAt: "2026-11-20T09:00:00.000Z",
  expiresAt: "2026-11-21T09:00:00.000Z",
};

async function render(page: AdminUserDetail, viewerId: string) {
  const html = await renderWithQueries(
    <Routes>
      <Route path="/admin/users/:id" element={<AdminUserPage />} />
    </Routes>,
    {
      route: `/admin/users/${USER}`,
      seed: (client) => {
        client.setQueryData(adminKeys.user(USER), page);
        client.setQueryData(meQueryKey, { id: viewerId });
      },
    },
  );
  return html.replaceAll("&#x27;", "'");
}

const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe("the user page's admin role grant", () => {
  it("offers another admin to confirm or refuse a pending grant, with who asked and why", async () => {
    const html = await render(detail(grant), OTHER_ADMIN);
    expect(html).toContain("Rôle administrateur en attente d'un second administrateur");
    expect(html).toContain("Demandé par alice le");
    expect(html).toContain("Motif : Renfort du support");
    expect(html).toContain('data-testid="admin-role-grant-confirm"');
    expect(buttons(html)).toContain("Confirmer le rôle administrateur");
    expect(buttons(html)).toContain("Refuser");
    // No second request while one waits.
    expect(buttons(html)).not.toContain("Nommer administrateur");
  });

  it("leaves the confirmation to another admin when the viewer asked for it", async () => {
    const html = await render(detail(grant), REQUESTER);
    expect(html).not.toContain('data-testid="admin-role-grant-confirm"');
    expect(html).toContain("vous ne pouvez pas confirmer votre propre demande");
    expect(buttons(html)).toContain("Annuler ma demande");
  });

  it("offers the grant request while none waits", async () => {
    const html = await render(detail(null), OTHER_ADMIN);
    expect(html).not.toContain('data-testid="admin-role-grant"');
    expect(buttons(html)).toContain("Nommer administrateur");
  });
});

describe("the user page's context (decision 0064)", () => {
  it("names the circle, referrals and devices in French words", async () => {
    const page = detail(null);
    page.circle = {
      members: [
        {
          id: "m1",
          nickname: "Noah",
          addedAt: "2026-11-02T10:00:00.000Z",
          active: false,
          suspended: true,
        },
      ],
      membersCount: 1,
      namedByCount: 0,
    };
    page.signInSessions = {
      items: [
        {
          createdAt: "2026-11-02T10:00:00.000Z",
          lastSeenAt: "2026-11-03T10:00:00.000Z",
          expiresAt: "2026-11-09T10:00:00.000Z",
          device: { browser: "chrome", os: "android", form: "phone" },
        },
      ],
      count: 1,
    };
    const html = await render(page, OTHER_ADMIN);
    expect(html).toContain("Chrome sur Android · téléphone");
    expect(html).toContain("suspendu");
    expect(html).toContain("Cercle de sécurité\u00a0: 1 membre");
    expect(html).not.toContain("android");
  });
});

describe("the user page's orders and circle in words (issue 34 point 3)", () => {
  it("names each order by the server's name for the item, never its id or a wrong plural", async () => {
    const page = detail(null);
    page.shopOrders = [
      {
        id: "o1",
        itemId: "BOX1",
        itemName: "Boîte de 1 jour",
        itemKind: "box",
        itemDays: 1,
        status: "paid",
        createdAt: "2026-11-02T10:00:00.000Z",
      },
      {
        id: "o2",
        itemId: "GIFT9",
        itemName: "Article de la boutique",
        itemKind: null,
        itemDays: null,
        status: "expired",
        createdAt: "2026-11-01T10:00:00.000Z",
      },
    ];
    const html = await render(page, OTHER_ADMIN);
    expect(html).toContain("Boîte de 1 jour · payée");
    expect(html).toContain("Article de la boutique · expirée");
    expect(html).not.toContain("1 jours");
    expect(html).not.toContain("GIFT9");
    expect(html).not.toContain("BOX1");
  });

  it("says in how many other members' circles the user is named, a count only", async () => {
    const named = detail(null);
    named.circle = { members: [], membersCount: 0, namedByCount: 1 };
    expect(await render(named, OTHER_ADMIN)).toContain("Figure dans 1 cercle d'un autre membre");
    named.circle = { members: [], membersCount: 0, namedByCount: 3 };
    expect(await render(named, OTHER_ADMIN)).toContain("Figure dans 3 cercles d'autres membres");
    named.circle = { members: [], membersCount: 0, namedByCount: 0 };
    expect(await render(named, OTHER_ADMIN)).toContain(
      "Ne figure dans le cercle d'aucun autre membre",
    );
  });

  it("puts the balance, the actions and the audit link before the ledger and the profile", async () => {
    const html = await render(detail(null), OTHER_ADMIN);
    const at = (text: string) => {
      const index = html.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    const ledger = at("Derniers mouvements");
    expect(at('data-testid="admin-user-balance"')).toBeLessThan(ledger);
    expect(at("Ajuster le solde")).toBeLessThan(ledger);
    expect(at("Suspendre le compte")).toBeLessThan(ledger);
    expect(at("Journal d'audit le concernant")).toBeLessThan(ledger);
    expect(ledger).toBeLessThan(at("Code de parrainage"));
  });
});
