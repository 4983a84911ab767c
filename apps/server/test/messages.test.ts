import { beforeAll, describe, expect, it } from "vitest";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";
import { DEFAULT_ADMIN_CODE, signUp, uniqueUser, useTestApp } from "./helpers.ts";

const test = useTestApp();
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  admin = await signUp(test(), uniqueUser("editor"));
  await setRoleByEmail(test().db, admin.user.email, "admin");
});

async function asAdmin<T>(call: () => Promise<T>) {
  await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
  return call();
}

describe("global message", () => {
  it("shows while active, unexpired and unread; closing hides it for that user only; an edit shows it again", async () => {
    const a = await signUp(test());
    const b = await signUp(test());
    expect((await a.client.get("/api/messages/global")).json()).toEqual({ message: null });
    const saved = await asAdmin(() =>
      admin.client.put("/api/admin/messages/global", {
        title: "Maintenance",
        content: "Ce soir à 22 h.",
        type: "warning",
        active: true,
        expiresAt: new Date(test().clock.now().getTime() + 3_600_000).toISOString(),
      }),
    );
    expect(saved.statusCode).toBe(200);
    const shown = (await a.client.get("/api/messages/global")).json().message;
    expect(shown).toMatchObject({ title: "Maintenance", type: "warning", revision: 1 });
    await a.client.post("/api/messages/global/read", { revision: 1 });
    expect((await a.client.get("/api/messages/global")).json().message).toBeNull();
    expect((await b.client.get("/api/messages/global")).json().message).not.toBeNull();

    await asAdmin(() =>
      admin.client.put("/api/admin/messages/global", {
        title: "Maintenance",
        content: "Reportée à demain.",
        type: "info",
        active: true,
        expiresAt: null,
      }),
    );
    expect((await a.client.get("/api/messages/global")).json().message).toMatchObject({
      content: "Reportée à demain.",
      revision: 2,
    });
  });

  it("hides an expired or inactive message", async () => {
    const u = await signUp(test());
    await asAdmin(() =>
      admin.client.put("/api/admin/messages/global", {
        title: "Bientôt fini",
        content: "…",
        type: "success",
        active: true,
        expiresAt: new Date(test().clock.now().getTime() + 60_000).toISOString(),
      }),
    );
    expect((await u.client.get("/api/messages/global")).json().message).not.toBeNull();
    test().clock.advance(61_000);
    expect((await u.client.get("/api/messages/global")).json().message).toBeNull();
  });

  it("is edited by elevated admins only", async () => {
    const u = await signUp(test());
    const body = { title: "x", content: "y", type: "info", active: true, expiresAt: null };
    expect((await u.client.put("/api/admin/messages/global", body)).statusCode).toBe(403);
  });
});

describe("information messages", () => {
  it("are unread when newer than the user's watermark; opening the page reads them all", async () => {
    const u = await signUp(test());
    const first = await asAdmin(() =>
      admin.client.post("/api/admin/messages/information", {
        title: "Bienvenue",
        content: "Bonjour",
      }),
    );
    expect(first.statusCode).toBe(201);
    test().clock.advance(1000);
    await asAdmin(() =>
      admin.client.post("/api/admin/messages/information", {
        title: "Nouveau jeu",
        content: "Keno",
      }),
    );
    const unread = (await u.client.get("/api/messages/information/unread")).json();
    expect(unread).toMatchObject({ unreadCount: 2, latest: { title: "Nouveau jeu" } });
    const list = (await u.client.get("/api/messages/information")).json();
    expect(list.items.map((i: { title: string }) => i.title)).toEqual(["Nouveau jeu", "Bienvenue"]);
    expect(list.unreadCount).toBe(2);

    expect((await u.client.post("/api/messages/information/read")).statusCode).toBe(204);
    expect((await u.client.get("/api/messages/information/unread")).json()).toEqual({
      unreadCount: 0,
      latest: null,
    });
    test().clock.advance(1000);
    await asAdmin(() =>
      admin.client.post("/api/admin/messages/information", { title: "Mise à jour", content: "v2" }),
    );
    expect((await u.client.get("/api/messages/information/unread")).json().unreadCount).toBe(1);

    const id = first.json().id;
    const edited = await asAdmin(() =>
      admin.client.put(`/api/admin/messages/information/${id}`, {
        title: "Bienvenue !",
        content: "Salut",
      }),
    );
    expect(edited.json().title).toBe("Bienvenue !");
    expect(
      (await asAdmin(() => admin.client.delete(`/api/admin/messages/information/${id}`)))
        .statusCode,
    ).toBe(204);
    expect((await admin.client.delete(`/api/admin/messages/information/${id}`)).statusCode).toBe(
      404,
    );
  });
});
