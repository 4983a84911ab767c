import { describe, expect, it } from "vitest";
import { verifiedNoticeStep, withoutLandingParam } from "./verified-notice";

const base = { userId: "u1", seenUnverified: null, landed: false };

describe("verifiedNoticeStep", () => {
  it("remembers an unverified user and says nothing yet", () => {
    expect(verifiedNoticeStep({ ...base, emailVerified: false })).toEqual({
      announce: false,
      seenUnverified: "u1",
    });
  });

  it("announces once when the user seen unverified turns up verified", () => {
    const first = verifiedNoticeStep({ ...base, emailVerified: true, seenUnverified: "u1" });
    expect(first).toEqual({ announce: true, seenUnverified: null });
    // The next look (a reload, another page) finds nothing remembered: no second notice.
    expect(
      verifiedNoticeStep({ ...base, emailVerified: true, seenUnverified: first.seenUnverified }),
    ).toEqual({ announce: false, seenUnverified: null });
  });

  it("announces on the verification link's landing, even on a browser that never saw them", () => {
    expect(verifiedNoticeStep({ ...base, emailVerified: true, landed: true })).toEqual({
      announce: true,
      seenUnverified: null,
    });
  });

  it("says nothing to a user verified long ago, nor for another user's memory", () => {
    expect(verifiedNoticeStep({ ...base, emailVerified: true })).toEqual({
      announce: false,
      seenUnverified: null,
    });
    expect(verifiedNoticeStep({ ...base, emailVerified: true, seenUnverified: "u2" })).toEqual({
      announce: false,
      seenUnverified: "u2",
    });
  });
});

describe("withoutLandingParam", () => {
  it("drops only the marker", () => {
    expect(withoutLandingParam("?verified=1")).toBe("");
    expect(withoutLandingParam("?verified=1&ref=abc")).toBe("?ref=abc");
    expect(withoutLandingParam("")).toBe("");
  });
});
