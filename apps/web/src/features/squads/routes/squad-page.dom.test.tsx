// @vitest-environment happy-dom
import type { Me, SquadDetail, SquadPreview } from "@fre/shared";
import { screen, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { returnPath } from "../../../app/guards";
import { meQueryKey } from "../../../lib/session";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { testMe } from "../../../test/me";
import { SquadPage } from "./squad-page";

const SQUAD = "44444444-4444-4444-8444-444444444444";
const OTHER = "55555555-5555-4555-8555-555555555555";

const me = testMe({
  email: "marc@example.com",
  emailVerified: true,
  nickname: "marc",
  referralCode: "MAR456",
  level: 2,
});

/** What the squad's page and its preview (for a visitor) both say of it. */
const lesMineurs = {
  week: "2026-W49",
  startsAt: "2026-11-30T00:00:00.000Z",
  endsAt: "2026-12-07T00:00:00.000Z",
  id: SQUAD,
  name: "LesMineurs",
  telegramUrl: "https://t.me/lesmineurs",
  rank: 3,
  mined: "42.000000000",
  inviteCode: "JEA123",
};

const squad = (squadId: string | null, over: Partial<SquadDetail> = {}): SquadDetail => ({
  ...lesMineurs,
  createdAt: "2026-12-01T10:00:00.000Z",
  hidden: false,
  memberCount: 2,
  creator: "jeanne",
  members: [
    { nickname: "jeanne", mined: "40.000000000", creator: true, me: false },
    ...(squadId === SQUAD
      ? [{ nickname: "marc", mined: "2.000000000", creator: false, me: true }]
      : [{ nickname: "paul", mined: "2.000000000", creator: false, me: false }]),
  ],
  viewer: { squadId, cooldownUntil: null, canCreate: true },
  ...over,
});

const preview: SquadPreview = { ...lesMineurs, memberCount: 7 };

/** Where the sign-up was reached: its query and where it sends the new user after. */
function RegisterProbe() {
  const location = useLocation();
  return (
    <p data-testid="register-probe">
      {location.search} → {returnPath(location.state)}
    </p>
  );
}

const open = (signedIn: Me | null, route = `/squad/${SQUAD}`) =>
  renderScreen(
    <Routes>
      <Route path="/squad/:id" element={<SquadPage />} />
      <Route path="/register" element={<RegisterProbe />} />
    </Routes>,
    { route, seed: (client) => client.setQueryData(meQueryKey, signedIn) },
  );

describe("squad page /squad/:id (DOM)", () => {
  it("shows a member the squad, its week, members and a share link with the creator's code; leaving offers to join again", async () => {
    let left = false;
    const api = stubApi({
      "GET /api/squads/:id": () => ({ body: squad(left ? null : SQUAD) }),
      "POST /api/squads/leave": () => {
        left = true;
        return { status: 204, body: undefined };
      },
    });
    const { user } = await open(me);
    expect((await screen.findByTestId("squad-name")).textContent).toBe("LesMineurs");
    expect(screen.getByTestId("page-title").textContent).toBe("LesMineurs");
    expect(within(screen.getByTestId("squad-stat-rank")).getByText("#3")).toBeTruthy();
    expect(within(screen.getByTestId("squad-stat-mined")).getByText("42,0000 FRE")).toBeTruthy();
    expect(within(screen.getByTestId("squad-members")).getAllByTestId("squad-member")).toHaveLength(
      2,
    );
    expect(screen.getByTestId("squad-telegram").getAttribute("href")).toBe(
      "https://t.me/lesmineurs",
    );
    const share = new URL(screen.getByTestId("squad-share-link").textContent ?? "");
    expect(share.pathname).toBe(`/squad/${SQUAD}`);
    expect(share.searchParams.get("ref")).toBe("JEA123");
    expect(screen.queryByTestId("squad-join")).toBeNull();

    await user.click(screen.getByTestId("squad-leave"));
    expect(api.to("POST /api/squads/leave")).toHaveLength(1);
    expect(await screen.findByTestId("squad-join")).toBeTruthy();
    expect(screen.queryByTestId("squad-leave")).toBeNull();
  });

  it("lets a user in no squad join, and shows the refusal of one already in a squad", async () => {
    let joinedElsewhere = false;
    const api = stubApi({
      "GET /api/squads/:id": () => ({ body: squad(joinedElsewhere ? OTHER : null) }),
      "POST /api/squads/:id/join": () => {
        joinedElsewhere = true;
        return refuse(409, "ALREADY_IN_SQUAD", "Vous êtes déjà membre d'une escouade.");
      },
    });
    const { user } = await open(me);
    await user.click(await screen.findByTestId("squad-join"));
    expect(await screen.findByText("Vous êtes déjà membre d'une escouade.")).toBeTruthy();
    expect(api.to("POST /api/squads/:id/join").map((r) => r.params.id)).toEqual([SQUAD]);
  });

  it("a join makes the squad mine at once", async () => {
    stubApi({
      "GET /api/squads/:id": () => ({ body: squad(null) }),
      "POST /api/squads/:id/join": () => ({ body: squad(SQUAD) }),
    });
    const { user } = await open(me);
    await user.click(await screen.findByTestId("squad-join"));
    expect(await screen.findByTestId("squad-leave")).toBeTruthy();
    expect(screen.getByText("Vous êtes membre de cette escouade.")).toBeTruthy();
  });

  it("shows a visitor the squad's public preview (name, rank, members) above the sign-up with the link's referral code, coming back to the squad after", async () => {
    // A visitor reads the public preview only: the squad's page needs a session.
    const api = stubApi({ "GET /api/squads/:id/preview": () => ({ body: preview }) });
    const { user } = await open(null, `/squad/${SQUAD}?ref=JEA123`);
    expect((await screen.findByTestId("page-title")).textContent).toBe(
      "Une escouade vous invite sur FRE",
    );
    expect((await screen.findByTestId("squad-invite-name")).textContent).toBe("LesMineurs");
    expect(within(screen.getByTestId("squad-stat-rank")).getByText("#3")).toBeTruthy();
    expect(within(screen.getByTestId("squad-stat-members")).getByText("7")).toBeTruthy();
    expect(api.to("GET /api/squads/:id/preview").map((r) => r.params.id)).toEqual([SQUAD]);
    expect(api.to("GET /api/squads/:id")).toHaveLength(0);
    // The facts come before the sign-up button.
    const facts = screen.getByTestId("squad-invite-preview");
    const signUp = screen.getByTestId("squad-signup");
    expect(facts.compareDocumentPosition(signUp) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(signUp.getAttribute("href")).toBe("/register?ref=JEA123");
    await user.click(signUp);
    expect((await screen.findByTestId("register-probe")).textContent).toBe(
      `?ref=JEA123 → /squad/${SQUAD}`,
    );
  });

  it("a link without ?ref= signs the visitor up with the preview's invite code", async () => {
    stubApi({ "GET /api/squads/:id/preview": () => ({ body: { ...preview, rank: null } }) });
    await open(null);
    expect((await screen.findByTestId("squad-invite-name")).textContent).toBe("LesMineurs");
    expect(within(screen.getByTestId("squad-stat-rank")).getByText("Non classée")).toBeTruthy();
    expect(screen.getByTestId("squad-signup").getAttribute("href")).toBe("/register?ref=JEA123");
  });

  it("a squad gone or hidden: the visitor is told so, and may still sign up", async () => {
    stubApi({
      "GET /api/squads/:id/preview": () => refuse(404, "SQUAD_NOT_FOUND", "Escouade introuvable."),
    });
    await open(null, `/squad/${SQUAD}?ref=JEA123`);
    expect((await screen.findByTestId("squad-invite-gone")).textContent).toContain("n'existe plus");
    expect(screen.queryByTestId("squad-invite-name")).toBeNull();
    expect(screen.getByTestId("squad-signup").getAttribute("href")).toBe("/register?ref=JEA123");
  });
});
