// @vitest-environment happy-dom
import type { TaskList, TaskView } from "@fre/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { TasksPage } from "./tasks-page";

const VISIT = "11111111-1111-4111-8111-111111111111";
const KYC = "22222222-2222-4222-8222-222222222222";
const DONE = "33333333-3333-4333-8333-333333333333";

const task = (over: Partial<TaskView>): TaskView => ({
  id: VISIT,
  kind: "visit_link",
  title: "Visitez notre blog",
  status: "todo",
  reward: { type: "fre", amount: "2.500000000" },
  url: "https://example.com/blog",
  minSeconds: 15,
  target: null,
  startedAt: null,
  completedAt: null,
  endsAt: null,
  rewardWithheld: false,
  ...over,
});

const list = (items: TaskView[], left = "2.500000000"): TaskList => ({
  items,
  leftToEarnFre: left,
  boostsLeft: 1,
});

const card = (id: string) => within(screen.getByTestId(`task-${id}`));

describe("tasks page « Gagner » (DOM)", () => {
  it("shows what is left to earn and each task's state; opening a link starts it, verify rewards it", async () => {
    let verified = false;
    const api = stubApi({
      "GET /api/tasks": () => ({
        body: list([
          task({ status: verified ? "completed" : "started" }),
          task({
            id: KYC,
            kind: "kyc_approved",
            title: "Identité vérifiée",
            url: null,
            minSeconds: null,
            reward: { type: "boost", percent: 20, hours: 6 },
          }),
          task({
            id: DONE,
            kind: "wallet_linked",
            status: "completed",
            url: null,
            title: "Portefeuille",
          }),
        ]),
      }),
      "POST /api/tasks/:id/start": () => ({
        body: { status: "started", startedAt: new Date().toISOString() },
      }),
      "POST /api/tasks/:id/verify": () => {
        verified = true;
        return {
          body: {
            status: "completed",
            reward: { type: "fre", amount: "2.500000000" },
            rewardWithheld: false,
          },
        };
      },
    });
    const { user } = await renderScreen(<TasksPage />, {
      seed: (client) => client.setQueryData(meQueryKey, null),
    });
    const left = within(await screen.findByTestId("tasks-left"));
    expect(left.getByText("2,5000 FRE")).toBeTruthy();
    expect(left.getByText("et 1 boost de minage")).toBeTruthy();
    expect(card(VISIT).getByText("Ouvrez le lien et restez-y 15 secondes.")).toBeTruthy();
    expect(card(KYC).getByText("+20 % de minage pendant 6 h")).toBeTruthy();
    expect(card(DONE).getByText("Accomplie")).toBeTruthy();
    // A completed task offers nothing more to tap.
    expect(card(DONE).queryByRole("button", { name: "Vérifier" })).toBeNull();

    const link = card(VISIT).getByRole("link", { name: /Ouvrir le lien/ });
    expect(link.getAttribute("href")).toBe("https://example.com/blog");
    expect(link.getAttribute("rel")).toContain("noopener");
    // The browser would open the link in a new tab; here it stays put.
    link.addEventListener("click", (event) => event.preventDefault());
    await user.click(link);
    expect(api.to("POST /api/tasks/:id/start").map((r) => r.params.id)).toEqual([VISIT]);

    await user.click(card(VISIT).getByRole("button", { name: "Vérifier" }));
    expect(await card(VISIT).findByText("Tâche accomplie : récompense créditée.")).toBeTruthy();
    expect(api.to("POST /api/tasks/:id/verify").map((r) => r.params.id)).toEqual([VISIT]);
  });

  it("shows the server's reason when a task is not done yet", async () => {
    stubApi({
      "GET /api/tasks": () => ({
        body: list([task({ id: KYC, kind: "kyc_approved", url: null })]),
      }),
      "POST /api/tasks/:id/verify": () =>
        refuse(
          409,
          "TASK_NOT_DONE",
          "La tâche n'est pas encore accomplie : votre vérification d'identité n'est pas encore approuvée.",
        ),
    });
    const { user } = await renderScreen(<TasksPage />, {
      seed: (client) => client.setQueryData(meQueryKey, null),
    });
    await screen.findByTestId(`task-${KYC}`);
    await user.click(card(KYC).getByRole("button", { name: "Vérifier" }));
    expect(
      await card(KYC).findByText(
        "La tâche n'est pas encore accomplie : votre vérification d'identité n'est pas encore approuvée.",
      ),
    ).toBeTruthy();
  });

  it("says when a completed task's reward is held for review", async () => {
    stubApi({
      "GET /api/tasks": () => ({
        body: list([task({ status: "completed", rewardWithheld: true })], "0"),
      }),
    });
    await renderScreen(<TasksPage />, { seed: (client) => client.setQueryData(meQueryKey, null) });
    await screen.findByTestId(`task-${VISIT}`);
    expect(
      await card(VISIT).findByText("Accomplie — récompense en attente de vérification du compte"),
    ).toBeTruthy();
  });
});
