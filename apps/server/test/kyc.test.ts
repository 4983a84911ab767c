/**
 * KYC API (issue 13, points 1 and 3): the three steps saved as a draft and resumed elsewhere,
 * validation, submission with what is missing, the frozen request under review, the admin queue
 * and verdicts (notification, e-mail, profile status, admin count).
 */
import { describe, expect, it } from "vitest";
import { client, elevatedAdmin, outbox, promotedAdmin, signUp, uniqueUser } from "./helpers.ts";
import {
  address,
  completeRequest,
  identity,
  jpegWithGps,
  upload,
  useKycApp,
} from "./kyc-fixtures.ts";

const test = useKycApp();

describe("the user's request", () => {
  it("starts at none, saves each step as a draft and resumes it on another device", async () => {
    const { client: phone, user } = await signUp(test(), uniqueUser("kycdraft"));
    const empty = await phone.get("/api/kyc");
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      status: "none",
      draft: { identity: null, address: null, document: null, files: [] },
      submittedAt: null,
      reviewedAt: null,
      rejectionReason: null,
      recheckRequired: false,
    });

    const saved = await phone.put("/api/kyc/identity", identity);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().status).toBe("draft");
    // Normalised: the country in capitals, the phone number without spaces.
    expect(saved.json().draft.identity).toEqual({
      ...identity,
      nationality: "FR",
      phoneNumber: "+33612345678",
    });
    expect((await phone.put("/api/kyc/address", address)).statusCode).toBe(200);
    const photo = await upload(test(), phone.jar, "front", await jpegWithGps());
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toEqual({
      slot: "front",
      contentType: "image/jpeg",
      size: expect.any(Number),
    });

    // Another device: sign in again, the draft is there (fields and photo metadata, no bytes).
    const laptop = client(test());
    const signIn = await laptop.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    const resumed = (await laptop.get("/api/kyc")).json();
    expect(resumed.status).toBe("draft");
    expect(resumed.draft.identity.lastName).toBe("D'Arcy");
    expect(resumed.draft.address).toEqual(address);
    expect(resumed.draft.document).toBeNull();
    expect(resumed.draft.files).toEqual([
      {
        slot: "front",
        contentType: "image/jpeg",
        size: photo.json().size,
        uploadedAt: test().clock.now().toISOString(),
      },
    ]);
    // The profile only shows verdicts: a draft is still "none".
    expect((await laptop.get("/api/me")).json().kycStatus).toBe("none");
  });

  it("refuses anyone under 18 on the day, by the server's clock", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kycage"));
    test().clock.set(new Date("2026-06-15T10:00:00Z"));
    const minor = await c.put("/api/kyc/identity", { ...identity, dateOfBirth: "2008-06-16" });
    expect(minor.statusCode).toBe(400);
    expect(minor.json()).toMatchObject({
      error: "KYC_UNDERAGE",
      message: "Vous devez avoir au moins 18 ans pour faire vérifier votre identité.",
      issues: [{ path: "dateOfBirth" }],
    });
    expect((await c.get("/api/kyc")).json().status).toBe("none");
    const birthday = await c.put("/api/kyc/identity", { ...identity, dateOfBirth: "2008-06-15" });
    expect(birthday.statusCode, birthday.body).toBe(200);
    // Born on 29 February: 18 on 1 March of a common year, not on the 28th.
    test().clock.set(new Date("2026-02-28T23:00:00Z"));
    const leap = { ...identity, dateOfBirth: "2008-02-29" };
    expect((await c.put("/api/kyc/identity", leap)).statusCode).toBe(400);
    test().clock.set(new Date("2026-03-01T00:00:00Z"));
    expect((await c.put("/api/kyc/identity", leap)).statusCode).toBe(200);
  });

  it("takes a French number as dialled in France and stores it as +33…", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kycfr"));
    const french = await c.put("/api/kyc/identity", { ...identity, phoneNumber: "06 12 34 56 78" });
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json().draft.identity.phoneNumber).toBe("+33612345678");
    // Another nationality living in France: the address's country gives the context.
    const { client: other } = await signUp(test(), uniqueUser("kycde"));
    const local = { ...identity, nationality: "DE", phoneNumber: "07.98.76.54.32" };
    const refused = await other.put("/api/kyc/identity", local);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe("phoneNumber");
    expect((await other.put("/api/kyc/address", address)).statusCode).toBe(200);
    const saved = await other.put("/api/kyc/identity", local);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft.identity.phoneNumber).toBe("+33798765432");
  });

  it("validates every field, bounded", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kycval"), {}, { language: "en" });
    const cases: [string, Record<string, unknown>, string][] = [
      // A French local number needs a French context (nationality or address).
      [
        "/api/kyc/identity",
        { ...identity, nationality: "DE", phoneNumber: "0612345678" },
        "phoneNumber",
      ],
      ["/api/kyc/identity", { ...identity, phoneNumber: "612345678" }, "phoneNumber"],
      ["/api/kyc/identity", { ...identity, phoneNumber: "00612345678" }, "phoneNumber"],
      ["/api/kyc/identity", { ...identity, phoneNumber: "+0 612 345 678" }, "phoneNumber"],
      ["/api/kyc/identity", { ...identity, phoneNumber: "+33 6".padEnd(40, "1") }, "phoneNumber"],
      ["/api/kyc/identity", { ...identity, nationality: "XX" }, "nationality"],
      ["/api/kyc/identity", { ...identity, nationality: "FRA" }, "nationality"],
      ["/api/kyc/identity", { ...identity, firstName: "R2-D2" }, "firstName"],
      ["/api/kyc/identity", { ...identity, lastName: "<script>" }, "lastName"],
      ["/api/kyc/identity", { ...identity, lastName: "A".repeat(61) }, "lastName"],
      ["/api/kyc/identity", { ...identity, firstName: "  " }, "firstName"],
      ["/api/kyc/identity", { ...identity, dateOfBirth: "1990-02-30" }, "dateOfBirth"],
      ["/api/kyc/identity", { ...identity, dateOfBirth: "12/04/1990" }, "dateOfBirth"],
      ["/api/kyc/identity", { ...identity, dateOfBirth: "1850-01-01" }, "dateOfBirth"],
      ["/api/kyc/address", { ...address, country: "ZZ" }, "country"],
      ["/api/kyc/address", { ...address, address: "x".repeat(201) }, "address"],
      ["/api/kyc/address", { ...address, postalCode: "7500 2!" }, "postalCode"],
      ["/api/kyc/documents", { documentType: "visa", documentNumber: "AB123456" }, "documentType"],
      [
        "/api/kyc/documents",
        { documentType: "passport", documentNumber: "AB/12" },
        "documentNumber",
      ],
    ];
    for (const [url, body, path] of cases) {
      const response = await c.put(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error).toBe("VALIDATION_ERROR");
      expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    // Control characters are refused before any schema (the app-wide rule).
    const control = await c.put("/api/kyc/address", { ...address, city: "Paris\u0007" });
    expect(control.statusCode).toBe(400);
    expect(control.json().issues[0].path).toBe("city");
    // Letters of any script with their accents, apostrophes, hyphens, dots and spaces are fine.
    const names = { ...identity, firstName: "Zoë Élise", lastName: "Ngô-Đình O’Brien Jr." };
    expect((await c.put("/api/kyc/identity", names)).statusCode).toBe(200);
    expect((await c.put("/api/kyc/identity", { ...identity, lastName: "Иванов" })).statusCode).toBe(
      200,
    );
    expect((await c.get("/api/kyc")).json().draft.identity.lastName).toBe("Иванов");
  });

  it("lists what is missing when submitting an incomplete request", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kycmiss"));
    const nothing = await c.post("/api/kyc/submit");
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      error: "KYC_INCOMPLETE",
      message:
        "Votre dossier est incomplet. Il manque : l'identité, l'adresse, la pièce d'identité, " +
        "la photo recto, la photo verso, le selfie.",
    });
    expect(nothing.json().issues).toEqual(
      ["identity", "address", "document", "files.front", "files.back", "files.selfie"].map(
        (path) => ({ path, message: "missing" }),
      ),
    );

    await c.put("/api/kyc/identity", identity);
    await c.put("/api/kyc/documents", { documentType: "id_card", documentNumber: "X1234567" });
    await upload(test(), c.jar, "front", await jpegWithGps());
    const some = await c.post("/api/kyc/submit");
    expect(some.statusCode).toBe(400);
    expect(some.json().message).toBe(
      "Votre dossier est incomplet. Il manque : l'adresse, la photo verso, le selfie.",
    );
    expect(some.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "address",
      "files.back",
      "files.selfie",
    ]);

    // A passport has no back: it is not asked for.
    await c.put("/api/kyc/documents", { documentType: "passport", documentNumber: "X1234567" });
    await c.put("/api/kyc/address", address);
    const english = await test().app.inject({
      method: "POST",
      url: "/api/kyc/submit",
      headers: {
        origin: "http://localhost:3000",
        "accept-language": "en",
        cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe("Your application is incomplete. Missing: selfie.");
    expect((await c.get("/api/kyc")).json().status).toBe("draft");
  });

  it("submits a complete request, then freezes it while pending", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kycsub"));
    await completeRequest(test(), c, "passport");
    test().clock.advance(1000);
    const submitted = await c.post("/api/kyc/submit");
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: "pending",
      submittedAt: test().clock.now().toISOString(),
      reviewedAt: null,
      rejectionReason: null,
    });
    expect((await c.get("/api/me")).json().kycStatus).toBe("pending");

    for (const response of [
      await c.put("/api/kyc/identity", identity),
      await c.put("/api/kyc/address", address),
      await c.put("/api/kyc/documents", { documentType: "passport", documentNumber: "Z9999999" }),
      await upload(test(), c.jar, "selfie", await jpegWithGps()),
      await c.post("/api/kyc/submit"),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        error: "KYC_LOCKED",
        message:
          "Votre dossier est en cours d'examen : il ne peut pas être modifié pour l'instant.",
      });
    }
    expect((await c.get("/api/kyc")).json().draft.document.documentNumber).toBe("AB 123456");
  });

  it("needs a session", async () => {
    const anonymous = client(test());
    expect((await anonymous.get("/api/kyc")).statusCode).toBe(401);
    expect((await anonymous.put("/api/kyc/identity", identity)).statusCode).toBe(401);
    expect((await anonymous.post("/api/kyc/submit")).statusCode).toBe(401);
    expect((await upload(test(), null, "front", await jpegWithGps())).statusCode).toBe(401);
  });
});

describe("the admin's review", () => {
  it("queues pending requests oldest first, with the nickname and submission time", async () => {
    const boss = await elevatedAdmin(test(), "kycqueue");
    const before = (await boss.client.get("/api/admin/kyc?status=pending")).json().items.length;
    const first = await signUp(test(), uniqueUser("kycfirst"));
    const second = await signUp(test(), uniqueUser("kycsecond"));
    await completeRequest(test(), second.client);
    await completeRequest(test(), first.client);
    test().clock.advance(60_000);
    const t1 = test().clock.now();
    expect((await first.client.post("/api/kyc/submit")).statusCode).toBe(200);
    test().clock.advance(60_000);
    expect((await second.client.post("/api/kyc/submit")).statusCode).toBe(200);

    const queue = await boss.client.get("/api/admin/kyc?status=pending");
    expect(queue.statusCode, queue.body).toBe(200);
    // Submitted after every other request of this file: the end of the queue, in order.
    const items = queue.json().items.slice(-2);
    expect(items).toEqual([
      {
        userId: first.me.id,
        nickname: first.user.nickname,
        status: "pending",
        submittedAt: t1.toISOString(),
        reviewedAt: null,
        balance: "0.000000000",
        openedBy: null,
      },
      {
        userId: second.me.id,
        nickname: second.user.nickname,
        status: "pending",
        submittedAt: new Date(t1.getTime() + 60_000).toISOString(),
        reviewedAt: null,
        balance: "0.000000000",
        openedBy: null,
      },
    ]);
    // The default is the pending queue; other statuses on request; an unknown one is refused.
    expect((await boss.client.get("/api/admin/kyc")).json()).toEqual(queue.json());
    expect((await boss.client.get("/api/admin/kyc?status=draft")).statusCode).toBe(400);
    const summary = (await boss.client.get("/api/admin/summary")).json();
    expect(summary.pendingKyc).toBe(before + 2);
  });

  it("shows one request decrypted, its photos as admin links", async () => {
    const boss = await elevatedAdmin(test(), "kycview");
    const { client: c, me, user } = await signUp(test(), uniqueUser("kycshow"));
    await completeRequest(test(), c);
    const request = await boss.client.get(`/api/admin/kyc/${me.id}`);
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json()).toMatchObject({
      userId: me.id,
      nickname: user.nickname,
      status: "draft",
      identity: { ...identity, nationality: "FR", phoneNumber: "+33612345678" },
      address,
      document: { documentType: "id_card", documentNumber: "AB 123456" },
    });
    expect(request.json().files.map((f: { slot: string; url: string }) => [f.slot, f.url])).toEqual(
      [
        ["back", `/api/admin/kyc/${me.id}/files/back`],
        ["front", `/api/admin/kyc/${me.id}/files/front`],
        ["selfie", `/api/admin/kyc/${me.id}/files/selfie`],
      ],
    );
    const unknown = await boss.client.get("/api/admin/kyc/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect((await boss.client.get("/api/admin/kyc/not-a-uuid")).statusCode).toBe(400);
  });

  it("approves: status everywhere, a notification and an e-mail", async () => {
    const boss = await elevatedAdmin(test(), "kycyes");
    const { client: c, me, user } = await signUp(test(), uniqueUser("kycok"));
    await completeRequest(test(), c);
    await c.post("/api/kyc/submit");
    const pendingBefore = (await boss.client.get("/api/admin/summary")).json().pendingKyc;

    test().clock.advance(5000);
    const approved = await boss.client.post(`/api/admin/kyc/${me.id}/decision`, {
      decision: "approve",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: "approved",
      reviewedAt: test().clock.now().toISOString(),
      rejectionReason: null,
    });
    expect((await c.get("/api/kyc")).json()).toMatchObject({
      status: "approved",
      reviewedAt: test().clock.now().toISOString(),
    });
    expect((await c.get("/api/me")).json().kycStatus).toBe("approved");
    expect((await boss.client.get("/api/admin/summary")).json().pendingKyc).toBe(pendingBefore - 1);

    // The verdict's notification is written with it and stored once the outbox delivers it.
    await test().effects.settle();
    const notifications = (await c.get("/api/notifications")).json().items;
    expect(notifications[0]).toMatchObject({
      type: "kyc_decision",
      title: "Identité vérifiée",
      message: "Votre identité est vérifiée : les retraits sont débloqués.",
    });
    const [mail] = await outbox(test(), user.email);
    expect(mail?.subject).toBe("FRE — Identité vérifiée");
    expect(mail?.text).toContain("http://localhost:3000/kyc");

    // Approved is final: no second verdict, no more edits.
    const again = await boss.client.post(`/api/admin/kyc/${me.id}/decision`, {
      decision: "reject",
      reason: "Changed my mind",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("KYC_NOT_PENDING");
    const edit = await c.put("/api/kyc/address", address);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(
      "Votre identité est déjà vérifiée : le dossier ne peut plus être modifié.",
    );
  });

  it("rejects with a reason; the user starts again from the kept draft", async () => {
    const boss = await elevatedAdmin(test(), "kycno");
    const {
      client: c,
      me,
      user,
    } = await signUp(test(), uniqueUser("kycko"), {}, { language: "en" });
    await completeRequest(test(), c);
    await c.post("/api/kyc/submit");

    for (const body of [
      { decision: "reject" },
      { decision: "reject", reason: "  no" },
      { decision: "reject", reason: "x".repeat(501) },
      { decision: "maybe", reason: "Blurry photo" },
    ]) {
      const refused = await boss.client.post(`/api/admin/kyc/${me.id}/decision`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await c.get("/api/kyc")).json().status).toBe("pending");

    const reason = "The front photo is blurry: the document number cannot be read.";
    const rejected = await boss.client.post(`/api/admin/kyc/${me.id}/decision`, {
      decision: "reject",
      reason,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const state = (await c.get("/api/kyc")).json();
    expect(state).toMatchObject({ status: "rejected", rejectionReason: reason });
    expect((await c.get("/api/me")).json().kycStatus).toBe("rejected");
    await test().effects.settle();
    const [notification] = (await c.get("/api/notifications")).json().items;
    expect(notification).toMatchObject({ type: "kyc_decision", title: "Verification declined" });
    const [mail] = await outbox(test(), user.email);
    expect(mail?.subject).toBe("FRE — Identity verification declined");
    expect(mail?.text).toContain(`> ${reason}`);

    // Starting again: the draft is kept, a change makes it a draft, and it can be sent again.
    expect(state.draft.identity.firstName).toBe(identity.firstName);
    expect(state.draft.files).toHaveLength(3);
    const replaced = await upload(test(), c.jar, "front", await jpegWithGps({ width: 80 }));
    expect(replaced.statusCode, replaced.body).toBe(201);
    const draft = (await c.get("/api/kyc")).json();
    expect(draft).toMatchObject({ status: "draft", rejectionReason: reason });
    const resubmitted = await c.post("/api/kyc/submit");
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ status: "pending", rejectionReason: null });
    expect((await c.get("/api/me")).json().kycStatus).toBe("pending");
  });

  it("takes one verdict when two admins decide at once", async () => {
    const [a, b] = [
      await elevatedAdmin(test(), "kycrace1"),
      await elevatedAdmin(test(), "kycrace2"),
    ];
    const { client: c, me, user } = await signUp(test(), uniqueUser("kycrace"));
    await completeRequest(test(), c);
    await c.post("/api/kyc/submit");
    const answers = await Promise.all([
      a.client.post(`/api/admin/kyc/${me.id}/decision`, { decision: "approve" }),
      b.client.post(`/api/admin/kyc/${me.id}/decision`, {
        decision: "reject",
        reason: "Selfie does not match",
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().status;
    expect((await c.get("/api/me")).json().kycStatus).toBe(winner);
    await test().effects.settle();
    const kyc = (await c.get("/api/notifications"))
      .json()
      .items.filter((n: { type: string }) => n.type === "kyc_decision");
    expect(kyc).toHaveLength(1);
    const verdicts = ["FRE — Identité vérifiée", "FRE — Vérification d'identité refusée"];
    const mails = await outbox(test(), user.email);
    expect(mails.filter((m) => verdicts.includes(m.subject))).toHaveLength(1);
  });

  it("is for elevated admins only", async () => {
    const { client: c, me } = await signUp(test(), uniqueUser("kycgate"));
    await completeRequest(test(), c);
    await c.post("/api/kyc/submit");
    const admin = await promotedAdmin(test(), "kycnotelev");
    const urls = ["/api/admin/kyc", `/api/admin/kyc/${me.id}`];
    for (const url of urls) {
      expect((await client(test()).get(url)).statusCode).toBe(401);
      expect((await c.get(url)).statusCode).toBe(403);
      expect((await admin.client.get(url)).statusCode).toBe(403);
    }
    const decision = { decision: "approve" };
    expect((await c.post(`/api/admin/kyc/${me.id}/decision`, decision)).statusCode).toBe(403);
    expect((await admin.client.post(`/api/admin/kyc/${me.id}/decision`, decision)).statusCode).toBe(
      403,
    );
    expect((await c.get("/api/kyc")).json().status).toBe("pending");
  });
});
