import type { AdminPendingRoleGrants, AdminUserRow } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { adminKeys, type RiskFilter } from "../api/admin-users-api";
import { AdminUsersPage } from "./admin-users-page";

loadCatalogs({ admin: frAdmin });

const row = (nickname: string, risk: AdminUserRow["risk"]): AdminUserRow => ({
  id: `00000000-0000-4000-8000-0000000000${nickname.length.toString().padStart(2, "0")}`,
  email: `${nickname}@example.com`,
  nickname,
  role: "user",
  suspended: false,
  emailVerified: true,
  kycStatus: "none",
  erased: false,
  referralCode: "ABCD1234",
  createdAt: "2026-11-01T10:00:00.000Z",
  risk,
});

async function render(
  url: string,
  risk: RiskFilter,
  items: AdminUserRow[],
  grants: AdminPendingRoleGrants["items"] = [],
) {
  const html = await renderWithQueries(<AdminUsersPage />, {
    route: url,
    seed: (client) => {
      client.setQueryData(adminKeys.roleGrants, { items: grants });
      client.setQueryData(adminKeys.userList("", risk), {
        pages: [{ items, nextCursor: null }],
        pageParams: [undefined],
      });
    },
  });
  return html.replaceAll("&#x27;", "'");
}

const current = (html: string) =>
  [...html.matchAll(/<a[^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);

describe("AdminUsersPage", () => {
  it("opens the review queue from ?risk=high, each row with its level in words and score", async () => {
    const html = await render("/admin/users?risk=high", "high", [
      row("farmer", { level: "high", score: 80 }),
    ]);
    expect(current(html)).toEqual(["À examiner"]);
    expect(html).toContain('href="/admin/users?risk=medium"');
    expect(html).toContain("Risque élevé · 80");
  });

  it("shows every user without a filter, a badge only on medium and high accounts", async () => {
    const html = await render("/admin/users", undefined, [
      row("calm", { level: "low", score: 5 }),
      row("never", null),
      row("middling", { level: "medium", score: 45 }),
    ]);
    expect(current(html)).toEqual(["Tous"]);
    expect(html.match(/data-testid="admin-user-risk"/g)).toHaveLength(1);
    expect(html).toContain("Risque moyen · 45");
  });

  it("says when the queue is empty", async () => {
    const html = await render("/admin/users?risk=medium", "medium", []);
    expect(current(html)).toEqual(["Risque moyen"]);
    expect(html).toContain("Aucun compte à risque moyen.");
  });

  it("lists the admin role requests waiting for a second admin, each a link to decide", async () => {
    const html = await render(
      "/admin/users",
      undefined,
      [],
      [
        {
          id: "7d0c6c1e-1111-4a1a-8a1a-000000000001",
          grantee: { id: "00000000-0000-4000-8000-000000000042", nickname: "Noah.P" },
          requestedBy: { id: "00000000-0000-4000-8000-000000000007", nickname: "Camille_M" },
          reason: "Nouvel opérateur",
          requestedAt: "2026-12-01T09:00:00.000Z",
          expiresAt: "2026-12-02T09:00:00.000Z",
        },
      ],
    );
    expect(html).toContain("Demandes de rôle administrateur en attente");
    expect(html).toContain("Camille_M demande de rendre Noah.P administrateur");
    expect(html).toContain("Motif : Nouvel opérateur");
    expect(html).toContain('href="/admin/users/00000000-0000-4000-8000-000000000042"');
  });

  it("shows no request panel while none waits", async () => {
    const html = await render("/admin/users", undefined, []);
    expect(html).not.toContain("admin-pending-role-grants");
  });
});
