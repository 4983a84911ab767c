import type { WithdrawalLimits } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frWithdrawals from "../../locales/fr/withdrawals.json";
import { loadCatalogs, renderWithQueries } from "../../test/render-static";
import { settingsBodyOf, WithdrawalSettingsPanel } from "./admin/withdrawal-settings-form";
import { withdrawalKeys } from "./api/withdrawals-api";
import { WithdrawalForm } from "./components/withdrawal-form";
import { amountIssue, typedAmount } from "./withdrawal-amount";

loadCatalogs({ withdrawals: frWithdrawals });

const examples = (html: string) => html.match(/data-amount-example="">ex\. 12,5</g)?.length ?? 0;

const limits = { minimum: "30.000000000", balance: "2000.000000000" };

describe("the withdrawal form's amount (issue 34 point 7)", () => {
  it("sends « 100,5 » and « 1 000,5 » as the API's 100.5 and 1000.5", () => {
    expect(amountIssue("100,5", limits)).toBeUndefined();
    expect(typedAmount("100,5")).toBe("100.5");
    expect(amountIssue("1\u202f000,5", limits)).toBeUndefined();
    expect(typedAmount("1\u202f000,5")).toBe("1000.5");
    expect(typedAmount("1 000,5")).toBe("1000.5");
  });

  it("refuses two separators, letters and badly grouped digits", () => {
    for (const typed of ["1,2,3", "1.000,5", "12a", "1 0 0,5", "-100"])
      expect(amountIssue(typed, limits), typed).toBe("format");
  });

  it("shows the amount example under the field", async () => {
    const html = await renderWithQueries(
      <WithdrawalForm limits={{ ...limits, wallet: null } as WithdrawalLimits} />,
    );
    expect(examples(html)).toBe(1);
  });
});

describe("the admin's withdrawal settings (issue 34 point 7)", () => {
  it("sends « 100,5 » and « 1 000,5 » as 100.5 and 1000.5, and names a field it cannot read", () => {
    expect(settingsBodyOf({ minimum: "100,5", secondApprovalAbove: "1\u00a0000,5" })).toEqual({
      body: { minimum: "100.5", secondApprovalAbove: "1000.5" },
      invalid: [],
    });
    expect(settingsBodyOf({ minimum: "1,2,3", secondApprovalAbove: "5" }).invalid).toEqual([
      "minimum",
    ]);
  });

  it("shows the amount example under both fields", async () => {
    const html = await renderWithQueries(<WithdrawalSettingsPanel />, {
      seed: (client) =>
        client.setQueryData(withdrawalKeys.settings(), {
          minimum: "30.000000000",
          secondApprovalAbove: "1000.000000000",
        }),
    });
    expect(examples(html)).toBe(2);
  });
});
