// @vitest-environment happy-dom
import { DEFAULT_RISK_SETTINGS } from "@fre/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import { adminUserDetail } from "../../../test/admin-user-detail";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { AdminUserPage } from "./admin-user-page";

const USER = "00000000-0000-4000-8000-0000000000a1";
const ADMIN = "00000000-0000-4000-8000-0000000000a3";

const detail = (balance: string) => adminUserDetail(USER, { balance });

/** The user's page as the server holds it: the balance moves with each adjustment. */
function server(refusals: ReturnType<typeof refuse>[] = []) {
  let balance = 250.5;
  return stubApi({
    "GET /api/admin/users/:id": () => ({ body: detail(balance.toFixed(9)) }),
    "GET /api/admin/users/:id/ledger": () => ({ body: { items: [], nextCursor: null } }),
    "GET /api/admin/users/:id/risk": () => ({
      body: {
        score: 0,
        level: "low",
        reasons: [],
        computedAt: null,
        reviewedAt: null,
        referralBonusWithheld: false,
        kycRecheckRequired: false,
        cluster: [],
      },
    }),
    "GET /api/admin/risk/settings": () => ({ body: DEFAULT_RISK_SETTINGS }),
    "POST /api/admin/users/:id/adjustments": ({ body }) => {
      const refusal = refusals.shift();
      if (refusal) return refusal;
      const amount = Number((body as { amount: string }).amount);
      balance += amount;
      return {
        status: 201,
        body: {
          reference: "admin:00000000-0000-4000-8000-0000000000f1",
          amount: amount.toFixed(9),
          balance: balance.toFixed(9),
        },
      };
    },
  });
}

async function openAdjustment() {
  const view = await renderScreen(
    <Routes>
      <Route path="/admin/users/:id" element={<AdminUserPage />} />
    </Routes>,
    {
      route: `/admin/users/${USER}`,
      seed: (client) => client.setQueryData(meQueryKey, { id: ADMIN } as never),
    },
  );
  await view.user.click(await screen.findByRole("button", { name: "Ajuster le solde" }));
  const dialog = within(screen.getByRole("dialog", { name: "Ajuster le solde de candidate" }));
  return {
    ...view,
    dialog,
    amount: () => dialog.getByRole("textbox", { name: "Montant (FRE)" }),
    reason: () => dialog.getByRole("textbox", { name: "Motif" }),
    confirm: () => dialog.getByRole("button", { name: "Ajuster" }),
  };
}

const balance = () => screen.getByTestId("admin-user-balance").textContent;

// Typed key by key, each keystroke re-rendering the form: seconds on a loaded CI machine.
describe("admin balance adjustment (DOM)", { timeout: 20_000 }, () => {
  it("credits « 12,5 » as 12.5 with its reason and a key; the dialog closes on the new balance", async () => {
    const api = server();
    const { user, amount, reason, confirm } = await openAdjustment();
    expect(balance()).toMatch(/^250,5\s?FRE$/);
    await user.type(amount(), "12,5");
    await user.type(reason(), "Geste commercial");
    await user.click(confirm());

    await waitFor(() => expect(balance()).toMatch(/^263\s?FRE$/));
    expect(screen.queryByRole("dialog")).toBeNull();
    const [request, ...more] = api.to("POST /api/admin/users/:id/adjustments");
    expect(more).toEqual([]);
    expect(request?.params).toEqual({ id: USER });
    expect(request?.body).toEqual({ amount: "12.5", reason: "Geste commercial" });
    expect(request?.headers.get("idempotency-key")).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it("asks for a reason, then for a readable amount, before sending anything", async () => {
    const api = server();
    const { user, dialog, amount, reason, confirm } = await openAdjustment();
    await user.type(amount(), "12,5");
    await user.type(reason(), "ok");
    await user.click(confirm());
    expect(dialog.getByText("Veuillez indiquer un motif (au moins 3 caractères).")).toBeTruthy();

    await user.clear(amount());
    await user.type(amount(), "12,5,3");
    await user.type(reason(), " pour le test");
    await user.click(confirm());
    expect(
      dialog.getByText("Saisissez un montant non nul, avec au plus 9 décimales."),
    ).toBeTruthy();
    expect(dialog.queryByText(/Veuillez indiquer un motif/)).toBeNull();
    expect(api.to("POST /api/admin/users/:id/adjustments")).toEqual([]);
  });

  it("says the server's refusal in the dialog and keeps what was typed; a smaller debit goes through", async () => {
    const api = server([refuse(409, "INSUFFICIENT_BALANCE", "Solde insuffisant.")]);
    const { user, dialog, amount, reason, confirm } = await openAdjustment();
    await user.type(amount(), "−300");
    await user.type(reason(), "Fraude au parrainage");
    await user.click(confirm());

    expect(await dialog.findByText("Solde insuffisant.")).toBeTruthy();
    expect((amount() as HTMLInputElement).value).toBe("−300");
    expect((reason() as HTMLTextAreaElement).value).toBe("Fraude au parrainage");
    expect(balance()).toMatch(/^250,5\s?FRE$/);

    await user.clear(amount());
    await user.type(amount(), "-50,25");
    await user.click(confirm());
    await waitFor(() => expect(balance()).toMatch(/^200,25\s?FRE$/));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.to("POST /api/admin/users/:id/adjustments").map((r) => r.body)).toEqual([
      { amount: "-300", reason: "Fraude au parrainage" },
      { amount: "-50.25", reason: "Fraude au parrainage" },
    ]);
  });

  it("retries a lost answer with the same key (the FRE move once); the next adjustment has its own", async () => {
    const api = server([refuse(503, "INTERNAL_ERROR", "Une erreur est survenue. Réessayez.")]);
    const { user, dialog, amount, reason, confirm } = await openAdjustment();
    await user.type(amount(), "10");
    await user.type(reason(), "Concours de novembre");
    await user.click(confirm());
    expect(await dialog.findByText("Une erreur est survenue. Réessayez.")).toBeTruthy();
    await user.click(confirm());
    await waitFor(() => expect(balance()).toMatch(/^260,5\s?FRE$/));

    await user.click(screen.getByRole("button", { name: "Ajuster le solde" }));
    const again = within(screen.getByRole("dialog", { name: "Ajuster le solde de candidate" }));
    // Emptied for the next one.
    expect((again.getByRole("textbox", { name: "Montant (FRE)" }) as HTMLInputElement).value).toBe(
      "",
    );
    await user.type(again.getByRole("textbox", { name: "Montant (FRE)" }), "1");
    await user.type(again.getByRole("textbox", { name: "Motif" }), "Concours de décembre");
    await user.click(again.getByRole("button", { name: "Ajuster" }));
    await waitFor(() => expect(balance()).toMatch(/^261,5\s?FRE$/));

    const keys = api
      .to("POST /api/admin/users/:id/adjustments")
      .map((r) => r.headers.get("idempotency-key"));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
