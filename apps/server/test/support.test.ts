import { describe, expect, it } from "vitest";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";
import { DEFAULT_ADMIN_CODE, signUp, uniqueUser, useTestApp } from "./helpers.ts";

const test = useTestApp();

/** The mails the dev outbox kept, once what the outbox job has due is sent (after the commit). */
const outbox = async (email: string) => {
  await test().effects.settle();
  return (
    await test().app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })
  ).json() as {
    subject: string;
    text: string;
    html: string;
  }[];
};

describe("support", () => {
  it("a user opens a ticket (confirmation mail), follows it, and an admin answers", async () => {
    const { client: c, user } = await signUp(test());
    const created = await c.post("/api/support/tickets", {
      subject: "Retrait bloqué",
      message: "Mon retrait ne part pas depuis hier.",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().status).toBe("open");
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toBe("FRE — Nous avons bien reçu votre demande");
    expect(mail?.text).toContain("Retrait bloqué");
    expect(mail?.text).toContain(`/support?ticket=${id}`);

    const other = await signUp(test());
    expect((await other.client.get(`/api/support/tickets/${id}`)).statusCode).toBe(404);
    expect((await other.client.get("/api/support/tickets")).json().items).toEqual([]);
    expect((await other.client.get(`/api/admin/support/tickets`)).statusCode).toBe(403);

    const admin = await signUp(test(), uniqueUser("helpdesk"));
    await setRoleByEmail(test().db, admin.user.email, "admin");
    await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
    const open = (await admin.client.get("/api/admin/support/tickets?status=open")).json().items;
    expect(open.map((t: { id: string }) => t.id)).toContain(id);
    const answered = await admin.client.post(`/api/admin/support/tickets/${id}/replies`, {
      message: "C'est réglé, il part ce soir.",
    });
    expect(answered.json().status).toBe("answered");
    const [answerMail] = await outbox(user.email);
    expect(answerMail?.subject).toBe("FRE — Réponse à votre demande");
    expect(answerMail?.text).toContain("> C'est réglé, il part ce soir.");
    expect(answerMail?.html).toContain("C&#39;est réglé, il part ce soir.");
    const [notice] = (await c.get("/api/notifications")).json().items;
    expect(notice).toMatchObject({
      type: "support_answer",
      title: "Réponse du support",
      message: "L'équipe FRE a répondu à votre demande «\u00a0Retrait bloqué\u00a0».",
    });

    const thread = (await c.get(`/api/support/tickets/${id}`)).json();
    expect(thread.messages.map((m: { author: string }) => m.author)).toEqual(["user", "admin"]);
    const followUp = await c.post(`/api/support/tickets/${id}/replies`, { message: "Merci !" });
    expect(followUp.json().status).toBe("open");
  });

  it("counts the tickets waiting for the team on the admin home", async () => {
    const admin = await signUp(test(), uniqueUser("desk"));
    await setRoleByEmail(test().db, admin.user.email, "admin");
    await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
    const waiting = async () =>
      ((await admin.client.get("/api/admin/summary")).json() as { openSupportTickets: number })
        .openSupportTickets;
    const before = await waiting();

    const { client: c } = await signUp(test());
    const ids: string[] = [];
    for (const subject of ["Code bonus refusé", "Question sur le parrainage"]) {
      const created = await c.post("/api/support/tickets", {
        subject,
        message: "Pouvez-vous m'aider, s'il vous plaît ?",
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
    }
    expect(await waiting()).toBe(before + 2);

    // Answered: no longer waiting; the user's follow-up makes it wait again.
    await admin.client.post(`/api/admin/support/tickets/${ids[0]}/replies`, { message: "Voilà." });
    expect(await waiting()).toBe(before + 1);
    await c.post(`/api/support/tickets/${ids[0]}/replies`, { message: "Encore une question." });
    expect(await waiting()).toBe(before + 2);
    await admin.client.post(`/api/admin/support/tickets/${ids[1]}/replies`, {
      message: "Réglé.",
      close: true,
    });
    expect(await waiting()).toBe(before + 1);
  });

  it("validates input and needs a session", async () => {
    const { client: c } = await signUp(test());
    expect((await c.post("/api/support/tickets", { subject: "x", message: "y" })).statusCode).toBe(
      400,
    );
    const visitor = await test().app.inject({
      method: "POST",
      url: "/api/support/tickets",
      headers: { origin: "http://localhost:3000" },
      payload: { subject: "Bonjour", message: "Une question sur le minage." },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
