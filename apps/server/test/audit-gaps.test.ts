import { beforeAll, describe, expect, it } from "vitest";
import { elevatedAdmin, signUp, useTestApp } from "./helpers.ts";

const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "gapsboss");
});

async function entries(action: string, targetId?: string) {
  const query = `action=${action}${targetId ? `&targetId=${encodeURIComponent(targetId)}` : ""}`;
  const response = await admin.client.get(`/api/admin/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Record<string, unknown>[];
}

const NOBODY = "00000000-0000-4000-8000-000000000000";

describe("information messages: update and delete keep the values before", () => {
  it("records the title and content before and after an update, then before a delete", async () => {
    const created = await admin.client.post("/api/admin/messages/information", {
      title: "Maintenance",
      content: "Ce soir à 22 h.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    const updated = await admin.client.put(`/api/admin/messages/information/${id}`, {
      title: "Maintenance décalée",
      content: "Demain à 22 h.",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await entries("message.information_update", id)).toEqual([
      expect.objectContaining({
        actorId: admin.me.id,
        targetType: "message",
        before: { title: "Maintenance", content: "Ce soir à 22 h." },
        after: { title: "Maintenance décalée", content: "Demain à 22 h." },
        ip: "127.0.0.1",
      }),
    ]);

    test().clock.advance(1000);
    const deleted = await admin.client.delete(`/api/admin/messages/information/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await entries("message.information_delete", id)).toEqual([
      expect.objectContaining({
        actorId: admin.me.id,
        targetType: "message",
        before: { title: "Maintenance décalée", content: "Demain à 22 h." },
        after: null,
      }),
    ]);
  });

  it("records nothing for a message that does not exist (404)", async () => {
    const update = await admin.client.put(`/api/admin/messages/information/${NOBODY}`, {
      title: "Rien",
      content: "Rien.",
    });
    expect(update.statusCode).toBe(404);
    expect(
      (await admin.client.delete(`/api/admin/messages/information/${NOBODY}`)).statusCode,
    ).toBe(404);
    expect(await entries("message.information_update", NOBODY)).toEqual([]);
    expect(await entries("message.information_delete", NOBODY)).toEqual([]);
  });
});

describe("contest links", () => {
  it("records contest.links_update with each changed level's link before and after", async () => {
    const first = await admin.client.put("/api/admin/contest/links", {
      links: [
        { level: 2, url: "https://t.me/fre_channel" },
        { level: 1, url: "https://t.me/fre_chat" },
      ],
    });
    expect(first.statusCode, first.body).toBe(204);
    const [created] = await entries("contest.links_update", "links");
    expect(created).toMatchObject({
      actorId: admin.me.id,
      targetType: "contest",
      // Never set: the defaults users saw until now.
      before: {
        links: {
          "1": "https://fre.example/community/chat",
          "2": "https://fre.example/community/channel",
        },
      },
      after: { links: { "1": "https://t.me/fre_chat", "2": "https://t.me/fre_channel" } },
    });

    test().clock.advance(1000);
    const second = await admin.client.put("/api/admin/contest/links", {
      links: [{ level: 1, url: "https://t.me/fre_chat_fr" }],
    });
    expect(second.statusCode, second.body).toBe(204);
    const [changed] = await entries("contest.links_update", "links");
    expect(changed).toMatchObject({
      before: { links: { "1": "https://t.me/fre_chat" } },
      after: { links: { "1": "https://t.me/fre_chat_fr" } },
    });
    // What users see follows.
    const user = await signUp(test());
    const contest = (await user.client.get("/api/contest")).json();
    expect(JSON.stringify(contest)).toContain("https://t.me/fre_chat_fr");
  });

  it("records nothing when the links are refused", async () => {
    const before = (await entries("contest.links_update")).length;
    const refused = await admin.client.put("/api/admin/contest/links", {
      links: [{ level: 9, url: "https://t.me/x" }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await entries("contest.links_update")).toHaveLength(before);
  });
});

describe("community links", () => {
  it("records legal.community_links_update with every link before and after", async () => {
    const links = {
      telegram: "https://t.me/fre_official",
      x: "https://x.com/fre_official",
      facebook: "",
      whitePaper: "https://fre-coin.org/white-paper.pdf",
    };
    const saved = await admin.client.put("/api/admin/community-links", links);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(links);
    const [first] = await entries("legal.community_links_update", "community_links");
    expect(first).toMatchObject({
      actorId: admin.me.id,
      targetType: "settings",
      before: { telegram: "", x: "", facebook: "", whitePaper: "" },
      after: links,
    });

    // The log is newest first: one second later.
    test().clock.advance(1000);
    const next = { ...links, x: "", facebook: "https://facebook.com/fre.official" };
    expect((await admin.client.put("/api/admin/community-links", next)).statusCode).toBe(200);
    const [second] = await entries("legal.community_links_update", "community_links");
    expect(second).toMatchObject({ before: links, after: next });
    expect((await test().app.inject({ url: "/api/legal" })).json().community).toEqual(next);
  });
});
