// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { RedeemBonusCard } from "./redeem-bonus-card";

const result = () => within(screen.getByTestId("bonus-code-result"));

describe("bonus code form (DOM)", () => {
  it("sends the typed code in capitals, shows the FRE credited and re-reads the account", async () => {
    const api = stubApi({
      "POST /api/bonus-codes/redeem": () => ({
        body: { code: "WELCOME", type: "fre", value: "100.500000000", durationHours: null },
      }),
    });
    const { user, queryClient } = await renderScreen(<RedeemBonusCard />, {
      seed: (client) => client.setQueryData(meQueryKey, null),
    });
    await user.type(screen.getByRole("textbox", { name: "Code bonus" }), " welcome ");
    await user.click(screen.getByRole("button", { name: "Utiliser le code" }));

    expect(await result().findByText("+100,5000 FRE crédités")).toBeTruthy();
    expect(api.to("POST /api/bonus-codes/redeem").map((r) => r.body)).toEqual([
      { code: "WELCOME" },
    ]);
    // The field empties for the next code; the account's figures are stale.
    expect((screen.getByRole("textbox", { name: "Code bonus" }) as HTMLInputElement).value).toBe(
      "",
    );
    expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's refusal under the field and keeps the code", async () => {
    stubApi({
      "POST /api/bonus-codes/redeem": () =>
        refuse(404, "BONUS_CODE_NOT_FOUND", "Ce code bonus n'existe pas."),
    });
    const { user } = await renderScreen(<RedeemBonusCard />);
    await user.type(screen.getByRole("textbox", { name: "Code bonus" }), "nope");
    await user.click(screen.getByRole("button", { name: "Utiliser le code" }));

    expect(await result().findByText("Ce code bonus n'existe pas.")).toBeTruthy();
    const input = screen.getByRole("textbox", { name: "Code bonus" }) as HTMLInputElement;
    expect(input.value).toBe("NOPE");
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("asks for a code before sending anything", async () => {
    const api = stubApi({});
    const { user } = await renderScreen(<RedeemBonusCard />);
    await user.click(screen.getByRole("button", { name: "Utiliser le code" }));

    expect(await result().findByText("Veuillez saisir un code bonus.")).toBeTruthy();
    expect(api.sent).toEqual([]);
  });
});
