import { describe, expect, it } from "vitest";
import frAdmin from "../../locales/fr/admin.json";
import { loadCatalogs, renderWithQueries } from "../../test/render-static";
import { AdminBonusCodeForm } from "./admin/admin-bonus-code-form";
import { rewardValueFromInput } from "./admin/admin-form-values";

loadCatalogs({ admin: frAdmin });

describe("a bonus code's value as the admin types it (issue 34 point 7)", () => {
  it("« 100,5 » FRE, « 1 000,5 » FRE and « 1,5 » hours reach the API as 100.5, 1000.5 and ms", () => {
    expect(rewardValueFromInput("fre", "100,5")).toBe("100.5");
    expect(rewardValueFromInput("fre", "1\u202f000,5")).toBe("1000.5");
    expect(rewardValueFromInput("boost", "0,25")).toBe("0.25");
    expect(rewardValueFromInput("time_reduction", "1,5")).toBe("5400000");
    expect(rewardValueFromInput("time_reduction", "1 000")).toBe("3600000000");
  });

  it("refuses two separators, letters, zero and a minus", () => {
    for (const typed of ["1,2,3", "1.000,5", "12a", "0,0", "−5"])
      expect(rewardValueFromInput("fre", typed), typed).toBeNull();
    expect(rewardValueFromInput("time_reduction", "1,2345")).toBeNull();
  });

  it("shows the amount example under the value field", async () => {
    const html = await renderWithQueries(<AdminBonusCodeForm />);
    expect(html.match(/data-amount-example="">ex\. 12,5</g)?.length).toBe(1);
  });
});
