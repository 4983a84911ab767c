import { describe, expect, it } from "vitest";
import {
  isEmail,
  registerErrorFromServer,
  validateReferralCode,
  validateRegister,
} from "./register-validation";

const valid = {
  email: "miner@example.com",
  nickname: "Miner",
  password: "Str0ng!pass",
  confirm: "Str0ng!pass",
};

describe("sign-up validation", () => {
  it("accepts a complete, valid form", () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it("reports each field in the spec's vocabulary", () => {
    expect(
      validateRegister({ email: "nope", nickname: "ab", password: "weak", confirm: "other" }),
    ).toEqual({
      email: "invalidEmail",
      nickname: "nicknameRequired",
      password: "weakPassword",
      confirm: "passwordMismatch",
    });
  });

  it("allows letters of any script, digits and _ - . in a nickname, nothing else", () => {
    for (const nickname of ["Élodie_99", "miner.one", "a-b-c", "Влад", "小明小明"]) {
      expect(validateRegister({ ...valid, nickname }).nickname).toBeUndefined();
    }
    for (const nickname of ["two words", "emoji😀x", "evil\u202Eabc", "tab\tname", "semi;colon"]) {
      expect(validateRegister({ ...valid, nickname }).nickname).toBe("invalidNickname");
    }
  });

  it("bounds the nickname to 3–20 characters after trimming", () => {
    expect(validateRegister({ ...valid, nickname: "  abc  " }).nickname).toBeUndefined();
    expect(validateRegister({ ...valid, nickname: "a".repeat(21) }).nickname).toBe(
      "nicknameRequired",
    );
  });

  it("recognises e-mail shapes loosely", () => {
    expect(isEmail("a@b.co")).toBe(true);
    expect(isEmail("a@b")).toBe(false);
    expect(isEmail("a b@c.de")).toBe(false);
  });
});

describe("referral code at sign-up", () => {
  it("is optional, and must look like a code when given", () => {
    expect(validateReferralCode("")).toBeUndefined();
    expect(validateReferralCode("  abc123 ")).toBeUndefined();
    expect(validateReferralCode("XXX999")).toBeUndefined();
    expect(validateReferralCode("AB")).toBe("invalidReferral");
    expect(validateReferralCode("ABC 12")).toBe("invalidReferral");
    expect(validateReferralCode("ABCDEFG")).toBe("invalidReferral");
  });

  it("maps the server's refusal of the code to its field", () => {
    expect(registerErrorFromServer("VALIDATION_ERROR", [{ path: "referralCode" }])).toEqual({
      field: "referral",
      key: "invalidReferral",
    });
  });
});

describe("server sign-up errors", () => {
  it.each([
    ["NICKNAME_TAKEN", "nickname", "nickname_taken"],
    ["NICKNAME_REQUIRED", "nickname", "nicknameRequired"],
    ["INVALID_NICKNAME", "nickname", "invalidNickname"],
    ["INVALID_EMAIL", "email", "invalidEmail"],
    ["EMAIL_IN_USE", "email", "emailInUse"],
    ["WEAK_PASSWORD", "password", "weakPassword"],
    ["CHALLENGE_REQUIRED", "form", "challengeRequired"],
    ["CHALLENGE_INVALID", "form", "challengeInvalid"],
    ["INTERNAL_ERROR", "form", "generic"],
    ["SOMETHING_NEW", "form", "generic"],
  ])("%s → %s/%s", (code, field, key) => {
    expect(registerErrorFromServer(code)).toEqual({ field, key });
  });

  it("maps a validation issue to its field", () => {
    expect(registerErrorFromServer("VALIDATION_ERROR", [{ path: "email" }])).toEqual({
      field: "email",
      key: "invalidEmail",
    });
    expect(registerErrorFromServer("VALIDATION_ERROR", [])).toEqual({
      field: "form",
      key: "generic",
    });
  });
});
