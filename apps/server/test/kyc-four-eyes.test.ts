import { beforeAll, describe, expect, it } from "vitest";
import { type Client, elevatedAdmin, signUp } from "./helpers.ts";
import { completeRequest, getAs, useKycApp } from "./kyc-fixtures.ts";

const test = useKycApp();
let alice: Awaited<ReturnType<typeof elevatedAdmin>>;
let bob: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  alice = await elevatedAdmin(test(), "alice");
  bob = await elevatedAdmin(test(), "bob");
});

async function audit(c: Client, query: string) {
  const response = await c.get(`/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Record<string, unknown>[];
}

async function submitted(c: Client) {
  await completeRequest(test(), c);
  const submit = await c.post("/api/kyc/submit");
  expect(submit.statusCode, submit.body).toBe(200);
}

describe("KYC four eyes", () => {
  it("refuses an admin's decision on their own request (403), another admin decides it", async () => {
    await submitted(alice.client);
    for (const decision of [{ decision: "approve" }, { decision: "reject", reason: "Flou" }]) {
      const own = await alice.client.post(`/api/admin/kyc/${alice.me.id}/decision`, decision);
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json().error).toBe("SELF_REVIEW_FORBIDDEN");
    }
    // Nothing changed, nothing decided in the log.
    expect((await alice.client.get("/api/kyc")).json().status).toBe("pending");
    expect(await audit(bob.client, `?action=kyc.decision&targetId=${alice.me.id}`)).toEqual([]);

    const other = await bob.client.post(`/api/admin/kyc/${alice.me.id}/decision`, {
      decision: "approve",
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().status).toBe("approved");
    const [entry] = await audit(bob.client, `?action=kyc.decision&targetId=${alice.me.id}`);
    expect(entry).toMatchObject({
      actorId: bob.me.id,
      targetType: "user",
      before: { status: "pending", reason: null },
      after: { status: "approved", reason: null },
    });
  });

  it("says so in the admin's language", async () => {
    const own = await test().app.inject({
      method: "POST",
      url: `/api/admin/kyc/${alice.me.id}/decision`,
      headers: {
        origin: "http://localhost:3000",
        "accept-language": "fr",
        cookie: [...alice.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      payload: { decision: "approve" },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/\p{L}/u);
    expect(own.json().message).not.toBe("SELF_REVIEW_FORBIDDEN");
  });

  it("records every view of a request's fields and photos, and a rejection's before/after", async () => {
    const user = await signUp(test());
    await submitted(user.client);
    const detail = await alice.client.get(`/api/admin/kyc/${user.me.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    // The log is newest first: one second later.
    test().clock.advance(1000);
    const photo = await getAs(test(), alice.client.jar, `/api/admin/kyc/${user.me.id}/files/back`);
    expect(photo.statusCode).toBe(200);
    const views = await audit(alice.client, `?action=kyc.document_view&targetId=${user.me.id}`);
    expect(views).toHaveLength(2);
    expect(views).toEqual([
      expect.objectContaining({
        actorId: alice.me.id,
        targetType: "kyc_document",
        after: { slot: "back" },
      }),
      expect.objectContaining({
        actorId: alice.me.id,
        targetType: "kyc_document",
        after: { part: "details" },
      }),
    ]);
    // Which part was seen, never what it says.
    expect(JSON.stringify(views)).not.toMatch(/ab 123456|Jeanne|rue de la Paix/);
    // Nobody's request: 404 and no trace.
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect((await alice.client.get(`/api/admin/kyc/${nobody}`)).statusCode).toBe(404);
    expect(await audit(alice.client, `?action=kyc.document_view&targetId=${nobody}`)).toEqual([]);

    const rejected = await alice.client.post(`/api/admin/kyc/${user.me.id}/decision`, {
      decision: "reject",
      reason: "Photo illisible",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [entry] = await audit(alice.client, `?action=kyc.decision&targetId=${user.me.id}`);
    expect(entry).toMatchObject({
      actorId: alice.me.id,
      before: { status: "pending" },
      after: { status: "rejected", reason: "Photo illisible" },
    });
    // The decision's own reply (the request as decided) adds no view of its own.
    expect(
      await audit(alice.client, `?action=kyc.document_view&targetId=${user.me.id}`),
    ).toHaveLength(2);
  });
});
