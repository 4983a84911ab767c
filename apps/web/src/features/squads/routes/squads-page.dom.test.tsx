// @vitest-environment happy-dom
import type { SquadBoard, SquadDetail, SquadLine } from "@fre/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { SquadsPage } from "./squads-page";

const ALPHA = "11111111-1111-4111-8111-111111111111";
const BRAVO = "22222222-2222-4222-8222-222222222222";
const MINE = "33333333-3333-4333-8333-333333333333";

const WEEK = {
  week: "2026-W49",
  startsAt: "2026-11-30T00:00:00.000Z",
  endsAt: "2026-12-07T00:00:00.000Z",
};

const line = (over: Partial<SquadLine>): SquadLine => ({
  id: ALPHA,
  name: "LesMineurs",
  rank: 1,
  members: 12,
  mined: "120.500000000",
  ...over,
});

const TOP = [
  line({}),
  line({ id: BRAVO, name: "Bravo", rank: 2, members: 3, mined: "8.000000000" }),
];

const board = (over: Partial<SquadBoard> = {}): SquadBoard => ({
  ...WEEK,
  squads: TOP,
  mine: null,
  viewer: { squadId: null, cooldownUntil: null, canCreate: true },
  ...over,
});

const detail = (id: string, name: string): SquadDetail => ({
  ...WEEK,
  id,
  name,
  telegramUrl: null,
  createdAt: "2026-12-04T10:00:00.000Z",
  hidden: false,
  rank: null,
  mined: "0.000000000",
  memberCount: 1,
  creator: "jeanne",
  inviteCode: "JEA123",
  members: [{ nickname: "jeanne", mined: "0.000000000", creator: true, me: true }],
  viewer: { squadId: id, cooldownUntil: null, canCreate: true },
});

const open = () =>
  renderScreen(<SquadsPage />, { seed: (client) => client.setQueryData(meQueryKey, null) });

const rows = () => screen.getAllByTestId("squad-row");

describe("squads page « Escouades » (DOM)", () => {
  it("shows the week's board with my squad highlighted, and leaving it brings back the create form", async () => {
    let left = false;
    const mine = line({ id: MINE, name: "MaBande", rank: 140, members: 4, mined: "1.250000000" });
    const api = stubApi({
      "GET /api/squads/leaderboard": () => ({
        body: left
          ? board({
              viewer: {
                squadId: null,
                cooldownUntil: new Date(Date.now() + 86_400_000).toISOString(),
                canCreate: true,
              },
            })
          : board({ mine, viewer: { squadId: MINE, cooldownUntil: null, canCreate: true } }),
      }),
      "POST /api/squads/leave": () => {
        left = true;
        return { status: 204, body: undefined };
      },
    });
    const { user } = await open();
    const card = within(await screen.findByTestId("my-squad"));
    expect(card.getByTestId("my-squad-name").textContent).toBe("MaBande");
    expect(card.getByText("#140")).toBeTruthy();
    expect(card.getByText("1,2500 FRE")).toBeTruthy();

    const boardEl = within(screen.getByTestId("squad-board"));
    expect(boardEl.getByText("Classement de la semaine du 30 nov. au 6 déc.")).toBeTruthy();
    // The top two, then my squad below them with its own rank, highlighted.
    expect(rows().map((row) => row.dataset.squadId)).toEqual([ALPHA, BRAVO, MINE]);
    expect(within(rows()[0] as HTMLElement).getByText("120,5000 FRE")).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText("Membres : 12")).toBeTruthy();
    expect(rows()[2]?.getAttribute("aria-current")).toBe("true");
    expect(rows()[0]?.getAttribute("aria-current")).toBeNull();
    // In a squad already: nothing to join from the board.
    expect(screen.queryByTestId("squad-join")).toBeNull();

    await user.click(card.getByTestId("squad-leave"));
    expect(api.to("POST /api/squads/leave")).toHaveLength(1);
    expect(await screen.findByTestId("squad-create-name")).toBeTruthy();
    expect(screen.queryByTestId("my-squad")).toBeNull();
    expect(screen.getByTestId("squad-cooldown").textContent).toMatch(
      /^Vous avez quitté une escouade : vous pourrez en rejoindre une autre à partir du /,
    );
  });

  it("creates a squad: the name and Telegram link are sent, and the squad becomes mine", async () => {
    let created = false;
    const mine = line({ id: MINE, name: "MaBande", rank: 3, members: 1, mined: "0.000000000" });
    const api = stubApi({
      "GET /api/squads/leaderboard": () => ({
        body: created
          ? board({
              squads: [...TOP, mine],
              mine,
              viewer: { squadId: MINE, cooldownUntil: null, canCreate: true },
            })
          : board(),
      }),
      "POST /api/squads": () => {
        created = true;
        return { status: 201, body: detail(MINE, "MaBande") };
      },
    });
    const { user } = await open();
    await user.type(await screen.findByTestId("squad-create-name"), "  MaBande ");
    await user.type(screen.getByRole("textbox", { name: /Lien Telegram/ }), "https://t.me/mabande");
    await user.click(screen.getByTestId("squad-create-submit"));
    expect(api.to("POST /api/squads").map((r) => r.body)).toEqual([
      { name: "MaBande", telegramUrl: "https://t.me/mabande" },
    ]);
    const card = within(await screen.findByTestId("my-squad"));
    expect(card.getByTestId("my-squad-name").textContent).toBe("MaBande");
    expect(screen.queryByTestId("squad-create-name")).toBeNull();
    expect(rows()[2]?.getAttribute("aria-current")).toBe("true");
  });

  it("shows the server's reason when creating is refused", async () => {
    stubApi({
      "GET /api/squads/leaderboard": () => ({ body: board() }),
      "POST /api/squads": () => refuse(409, "SQUAD_NAME_TAKEN", "Ce nom d'escouade est déjà pris."),
    });
    const { user } = await open();
    await user.type(await screen.findByTestId("squad-create-name"), "Bravo");
    await user.click(screen.getByTestId("squad-create-submit"));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Ce nom d'escouade est déjà pris.",
    );
  });

  it("below level 2, says why and cannot create", async () => {
    stubApi({
      "GET /api/squads/leaderboard": () => ({
        body: board({ viewer: { squadId: null, cooldownUntil: null, canCreate: false } }),
      }),
    });
    await open();
    expect(
      await screen.findByText("Validez le niveau 2 du concours pour créer une escouade."),
    ).toBeTruthy();
    expect((screen.getByTestId("squad-create-submit") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("squad-create-name") as HTMLInputElement).disabled).toBe(true);
  });

  it("joins a squad from the board, and shows the cooldown refusal in the user's language", async () => {
    let joined = false;
    const api = stubApi({
      "GET /api/squads/leaderboard": () => ({
        body: joined
          ? board({
              mine: TOP[1] ?? null,
              viewer: { squadId: BRAVO, cooldownUntil: null, canCreate: true },
            })
          : board(),
      }),
      "POST /api/squads/:id/join": (request) => {
        if (request.params.id === ALPHA) {
          return refuse(
            409,
            "SQUAD_COOLDOWN",
            "Vous avez quitté une escouade il y a peu : attendez encore 5 h pour en rejoindre une autre.",
          );
        }
        joined = true;
        return { body: detail(BRAVO, "Bravo") };
      },
    });
    const { user } = await open();
    await screen.findByTestId("squad-board");
    await user.click(screen.getByRole("button", { name: "Rejoindre LesMineurs" }));
    expect(
      await screen.findByText(
        "Vous avez quitté une escouade il y a peu : attendez encore 5 h pour en rejoindre une autre.",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Rejoindre Bravo" }));
    const card = within(await screen.findByTestId("my-squad"));
    expect(card.getByTestId("my-squad-name").textContent).toBe("Bravo");
    expect(api.to("POST /api/squads/:id/join").map((r) => r.params.id)).toEqual([ALPHA, BRAVO]);
    expect(screen.queryByTestId("squad-join")).toBeNull();
    expect(rows()[1]?.getAttribute("aria-current")).toBe("true");
  });
});
