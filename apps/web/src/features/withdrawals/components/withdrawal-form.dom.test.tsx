// @vitest-environment happy-dom
import type { Withdrawal, WithdrawalLimits } from "@fre/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { WithdrawalForm } from "./withdrawal-form";

const limits: WithdrawalLimits = {
  minimum: "10.000000000",
  balance: "250.500000000",
  wallet: "UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG",
  kycStatus: "approved",
  hasActiveWithdrawal: false,
  available: true,
};

const held = (amount: string): Withdrawal => ({
  id: "00000000-0000-4000-8000-0000000000c1",
  amount,
  status: "pending",
  wallet: limits.wallet ?? "",
  createdAt: "2026-12-03T08:00:00.000Z",
  updatedAt: "2026-12-03T08:00:00.000Z",
  txHash: null,
  explorerUrl: null,
  reason: null,
});

const amountField = () => screen.getByRole("textbox", { name: "Montant (FRE)" });
const submit = () => screen.getByRole("button", { name: "Demander le retrait" });

describe("withdrawal form (DOM)", () => {
  it("sends « 100,5 » as 100.5 with an Idempotency-Key and says the amount is held", async () => {
    const api = stubApi({
      "POST /api/withdrawals": ({ body }) => ({
        status: 201,
        body: held(`${(body as { amount: string }).amount}00000000`),
      }),
    });
    const { user } = await renderScreen(<WithdrawalForm limits={limits} />);
    await user.type(amountField(), "100,5");
    await user.click(submit());

    expect(
      await screen.findByText(
        "Demande envoyée : le montant est réservé sur votre solde jusqu'au paiement.",
      ),
    ).toBeTruthy();
    const [request, ...more] = api.to("POST /api/withdrawals");
    expect(more).toEqual([]);
    expect(request?.body).toEqual({ amount: "100.5" });
    expect(request?.headers.get("idempotency-key")).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect((amountField() as HTMLInputElement).value).toBe("");
  });

  it("refuses an amount above the balance before sending anything", async () => {
    const api = stubApi({});
    const { user } = await renderScreen(<WithdrawalForm limits={limits} />);
    await user.type(amountField(), "300");
    await user.click(submit());

    expect(await screen.findByText(/Le montant dépasse votre solde \(250,5/)).toBeTruthy();
    expect(api.sent).toEqual([]);
  });

  it("shows the server's refusal under the amount and keeps the amount typed", async () => {
    stubApi({
      "POST /api/withdrawals": () =>
        refuse(422, "INSUFFICIENT_BALANCE", "Votre solde ne suffit pas pour ce retrait."),
    });
    const { user } = await renderScreen(<WithdrawalForm limits={limits} />);
    await user.type(amountField(), "20");
    await user.click(submit());

    expect(await screen.findByText("Votre solde ne suffit pas pour ce retrait.")).toBeTruthy();
    expect(amountField().getAttribute("aria-invalid")).toBe("true");
    expect((amountField() as HTMLInputElement).value).toBe("20");
  });

  it("retries a lost answer with the same key (the server holds the FRE once)", async () => {
    let calls = 0;
    const api = stubApi({
      "POST /api/withdrawals": () =>
        ++calls === 1
          ? refuse(503, "INTERNAL_ERROR", "Une erreur est survenue. Réessayez.")
          : { status: 201, body: held("20.000000000") },
    });
    const { user } = await renderScreen(<WithdrawalForm limits={limits} />);
    await user.type(amountField(), "20");
    await user.click(submit());
    await screen.findByText("Une erreur est survenue. Réessayez.");
    await user.click(submit());
    await screen.findByText(/Demande envoyée/);

    const keys = api.to("POST /api/withdrawals").map((r) => r.headers.get("idempotency-key"));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
