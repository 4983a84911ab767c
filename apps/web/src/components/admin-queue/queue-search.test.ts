import { defaultWithdrawalSort, WITHDRAWAL_RISK_FILTERS, WITHDRAWAL_STATUSES } from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  amountProblems,
  nextQueueParams,
  queueQueryOf,
  readQueueSearch,
} from "./queue-search";

const WITHDRAWALS = {
  statuses: WITHDRAWAL_STATUSES,
  defaultStatus: "pending" as const,
  defaultSort: defaultWithdrawalSort,
  risks: WITHDRAWAL_RISK_FILTERS,
};
const read = (query: string) => readQueueSearch(new URLSearchParams(query), WITHDRAWALS);

describe("an admin queue's search in the URL (decision 0061)", () => {
  it("reads the pending queue oldest first when the URL says nothing, a history newest first", () => {
    expect(read("")).toEqual({
      status: "pending",
      sort: "oldest",
      risk: undefined,
      q: "",
      minAmount: "",
      maxAmount: "",
    });
    expect(read("status=completed").sort).toBe("newest");
    expect(read("status=completed&sort=amount_asc").sort).toBe("amount_asc");
  });

  it("reads what a shared link carries, and falls back on anything it does not know", () => {
    expect(
      read("status=rejected&sort=amount_desc&risk=high&q=camille&minAmount=100,5&maxAmount=900"),
    ).toEqual({
      status: "rejected",
      sort: "amount_desc",
      risk: "high",
      q: "camille",
      minAmount: "100,5",
      maxAmount: "900",
    });
    expect(read("status=lost&sort=random&risk=extreme")).toMatchObject({
      status: "pending",
      sort: "oldest",
      risk: undefined,
    });
  });

  it("sends amounts typed with a comma, or grouped by spaces, in the API's form", () => {
    expect(queueQueryOf(read("minAmount=100,5&maxAmount=1%C2%A0000,25"))).toEqual({
      status: "pending",
      sort: "oldest",
      minAmount: "100.5",
      maxAmount: "1000.25",
    });
    expect(queueQueryOf(read("risk=medium&sort=amount_desc"))).toEqual({
      status: "pending",
      sort: "amount_desc",
      risk: "medium",
    });
  });

  it("sends a search trimmed and within its bound, and none when blank", () => {
    expect(queueQueryOf(read(`q=${encodeURIComponent("  Noah.P ")}`))).toEqual({
      status: "pending",
      sort: "oldest",
      q: "Noah.P",
    });
    expect(queueQueryOf(read("q=%20%20"))).not.toHaveProperty("q");
    expect(queueQueryOf(read(`q=${"a".repeat(80)}`)).q).toHaveLength(64);
  });

  it("names an unreadable bound and a crossed range, and sends neither", () => {
    expect(amountProblems({ minAmount: "12a", maxAmount: "" })).toEqual({ minAmount: "invalid" });
    expect(amountProblems({ minAmount: "-5", maxAmount: "1,0000000001" })).toEqual({
      minAmount: "invalid",
      maxAmount: "invalid",
    });
    expect(amountProblems({ minAmount: "500", maxAmount: "100,5" })).toEqual({
      maxAmount: "crossed",
    });
    expect(amountProblems({ minAmount: "100,5", maxAmount: "100.5" })).toEqual({});
    const query = queueQueryOf(read("minAmount=500&maxAmount=100"));
    expect(query).toEqual({ status: "pending", sort: "oldest", minAmount: "500" });
    expect(queueQueryOf(read("minAmount=abc"))).not.toHaveProperty("minAmount");
  });

  it("writes the next URL: a value set, an emptied one removed, the others kept", () => {
    const next = nextQueueParams(new URLSearchParams("status=completed&risk=high&tab=x"), {
      sort: "amount_desc",
      risk: undefined,
      minAmount: " 100,5 ",
      maxAmount: "",
    });
    expect(next.toString()).toBe("status=completed&tab=x&sort=amount_desc&minAmount=100%2C5");
  });

  it("counts the filters that narrow the list (not the status or the sort)", () => {
    expect(activeFilterCount({ minAmount: "", maxAmount: " " })).toBe(0);
    expect(activeFilterCount({ risk: "high", minAmount: "1", maxAmount: "" })).toBe(2);
    expect(activeFilterCount({ q: "noah", minAmount: "", maxAmount: "" })).toBe(1);
  });
});
