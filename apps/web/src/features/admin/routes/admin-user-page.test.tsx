import type { AdminUserDetail } from "@fre/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next from "i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import frAdmin from "../../../locales/fr/admin.json";
import { renderStatic } from "../../../test/render-static";
import { adminKeys } from "../api/admin-users-api";
import { AdminUserPage } from "./admin-user-page";

const USER = "00000000-0000-4000-8000-0000000000a1";
const REQUESTER = "00000000-0000-4000-8000-0000000000a2";
const OTHER_ADMIN = "00000000-0000-4000-8000-0000000000a3";

beforeAll(async () => {
  await renderStatic(<p />);
  i18next.addResourceBundle("fr", "admin", frAdmin);
});

const detail = (roleGrant: AdminUserDetail["roleGrant"]): AdminUserDetail => ({
  user: {
    id: USER,
    nickname: "candidate",
    email: "candidate@example.com",
    referralCode: "CAND1234",
    role: "user",
    emailVerified: true,
    kycStatus: "none",
    suspended: false,
    erased: false,
    createdAt: "2026-11-01T10:00:00.000Z",
    risk: null,
    language: "fr",
    level: 0,
    balance: "0.000000000",
    totalMined: "0.000000000",
    suspendedAt: null,
    suspendedReason: null,
    referralsCount: 0,
    wallet: null,
  },
  ledger: [],
  miningSessions: [],
  shopOrders: [],
  withdrawals: [],
  roleGrant,
});

const grant = {
  id: "00000000-0000-4000-8000-0000000000b1",
  requestedBy: { id: REQUESTER, nickname: "alice" },
  reason: "Renfort du support",
  requestedAt: "2026-11-20T09:00:00.000Z",
  expiresAt: "2026-11-21T09:00:00.000Z",
};

async function render(page: AdminUserDetail, viewerId: string) {
  const client = new QueryClient();
  client.setQueryData(adminKeys.user(USER), page);
  client.setQueryData(meQueryKey, { id: viewerId });
  const html = await renderStatic(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/admin/users/${USER}`]}>
        <Routes>
          <Route path="/admin/users/:id" element={<AdminUserPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
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
