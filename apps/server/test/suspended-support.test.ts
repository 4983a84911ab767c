/**
 * A suspended account hears how to reach support without signing in (issue 34, point 12c;
 * decision 0063): the sign-in's refusal names the operator's contact address (LEGAL_CONTACT_EMAIL)
 * in the user's language, and GET /api/legal — public — gives the same address to the page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { client, elevatedAdmin, expectLedgerBalanced, signUp, useTestApp } from "./helpers.ts";

const SUPPORT = "support@fre-mining.example";
const test = useTestApp({ config: { LEGAL_CONTACT_EMAIL: SUPPORT } });

let victim: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  const admin = await elevatedAdmin(test());
  victim = await signUp(test());
  const suspended = await admin.client.post(`/api/admin/users/${victim.me.id}/suspend`, {
    reason: "Fraude au parrainage",
  });
  expect(suspended.statusCode, suspended.body).toBe(200);
});

const signInAs = (language: string) =>
  client(test(), { language }).post("/api/auth/sign-in/email", {
    email: victim.user.email,
    password: victim.user.password,
  });

describe("a suspended account's sign-in", () => {
  it.each([
    ["fr", "Votre compte est suspendu"],
    ["en", "Your account is suspended"],
    ["es", "Tu cuenta está suspendida"],
    ["ru", "Ваш аккаунт заблокирован"],
    ["zh", "您的账户已被停用"],
  ])("says in %s where to write to support", async (language, suspended) => {
    const refused = await signInAs(language);
    expect(refused.statusCode).toBe(403);
    const body = refused.json();
    expect(body.error).toBe("ACCOUNT_SUSPENDED");
    expect(body.message).toContain(suspended);
    expect(body.message).toContain(SUPPORT);
    expect(body.message).not.toContain("{{");
  });

  it("opens no session, and the address is public for the page to link to", async () => {
    const refused = await signInAs("fr");
    expect(refused.headers["set-cookie"] ?? "").not.toMatch(/session_token=[^;]/);
    const legal = await client(test()).get("/api/legal");
    expect(legal.statusCode).toBe(200);
    expect(legal.json().operator.email).toBe(SUPPORT);
    // A wrong password still says nothing of the suspension nor of the address.
    const wrong = await client(test()).post("/api/auth/sign-in/email", {
      email: victim.user.email,
      password: "Wr0ng!password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain(SUPPORT);
    await expectLedgerBalanced(test());
  });
});
