import { describe, expect, it } from "vitest";
import { isTicketId, messageIssue, replyIssue, subjectIssue } from "./support-validation";

describe("support form validation", () => {
  it("checks the subject's 3–120 characters after trimming", () => {
    expect(subjectIssue("")).toBe("required");
    expect(subjectIssue("   ")).toBe("required");
    expect(subjectIssue(" ab ")).toBe("tooShort");
    expect(subjectIssue("abc")).toBeNull();
    expect(subjectIssue("a".repeat(120))).toBeNull();
    expect(subjectIssue("a".repeat(121))).toBe("tooLong");
  });

  it("checks the message's 10–4000 characters after trimming", () => {
    expect(messageIssue("  123456789  ")).toBe("tooShort");
    expect(messageIssue("1234567890")).toBeNull();
    expect(messageIssue("x".repeat(4000))).toBeNull();
    expect(messageIssue("x".repeat(4001))).toBe("tooLong");
  });

  it("accepts any non-empty reply up to 4000 characters", () => {
    expect(replyIssue(" ")).toBe("required");
    expect(replyIssue("ok")).toBeNull();
    expect(replyIssue("x".repeat(4001))).toBe("tooLong");
  });

  it("recognises ticket ids from the e-mail links", () => {
    expect(isTicketId("0b6f2a52-7c1e-4a4a-9a53-2f1c7d2b9e10")).toBe(true);
    expect(isTicketId("42")).toBe(false);
    expect(isTicketId(null)).toBe(false);
  });
});
