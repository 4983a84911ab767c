import { describe, expect, it } from "vitest";
import {
  MENU_SECTIONS,
  type MenuCounts,
  menuBadge,
  menuNews,
  menuSectionsFor,
} from "./menu-entries";

const none: MenuCounts = { information: 0, notifications: 0, support: 0, kycStatus: "none" };
const paths = (role: "user" | "admin") =>
  menuSectionsFor(role).flatMap((section) => section.items.map((item) => item.to));

describe("menu entries", () => {
  it("lists every destination outside the bottom bar once", () => {
    expect(paths("user").sort()).toEqual(
      [
        "/tasks",
        "/squads",
        "/contest",
        "/shop",
        "/game",
        "/fre",
        "/wallet",
        "/withdrawal",
        "/kyc",
        "/profile",
        "/information",
        "/notifications",
        "/faq",
        "/support",
      ].sort(),
    );
    const all = MENU_SECTIONS.flatMap((section) => section.items.map((item) => item.to));
    expect(new Set(all).size).toBe(all.length);
    for (const bar of ["/group", "/dashboard", "/leaderboard"]) expect(all).not.toContain(bar);
  });

  it("shows the admin console to admins only", () => {
    expect(paths("user")).not.toContain("/admin");
    expect(paths("admin")).toContain("/admin");
    expect(menuSectionsFor(undefined).some((section) => section.id === "admin")).toBe(false);
  });
  it("with games switched off, leaves out Jeux and Machine FRE (and only them)", () => {
    const ids = (features?: { games: boolean; shop: boolean; referrals: boolean }) =>
      menuSectionsFor("user", features).flatMap((section) => section.items.map((i) => i.id));
    const off = ids({ games: false, shop: true, referrals: true });
    expect(off).not.toContain("game");
    expect(off).not.toContain("fre");
    expect(off).toEqual(ids().filter((id) => id !== "game" && id !== "fre"));
    expect(ids({ games: true, shop: true, referrals: true })).toEqual(ids());
  });
  it("with the shop switched off, leaves out Boutique (and only it)", () => {
    const ids = (features?: { games: boolean; shop: boolean; referrals: boolean }) =>
      menuSectionsFor("user", features).flatMap((section) => section.items.map((i) => i.id));
    expect(ids({ games: true, shop: false, referrals: true })).toEqual(
      ids().filter((id) => id !== "shop"),
    );
  });
});

describe("menu badges", () => {
  it("counts unread messages, notifications and answered tickets on their entries", () => {
    const counts = { ...none, information: 2, notifications: 5, support: 1 };
    expect(menuBadge("information", counts)).toEqual({ kind: "count", count: 2 });
    expect(menuBadge("notifications", counts)).toEqual({ kind: "count", count: 5 });
    expect(menuBadge("support", counts)).toEqual({ kind: "count", count: 1 });
    expect(menuBadge("wallet", counts)).toBeNull();
    expect(menuBadge("information", none)).toBeNull();
  });

  it("shows where an identity check stands only while it waits or was refused", () => {
    expect(menuBadge("kyc", { ...none, kycStatus: "pending" })).toEqual({
      kind: "status",
      status: "pending",
    });
    expect(menuBadge("kyc", { ...none, kycStatus: "rejected" })).toEqual({
      kind: "status",
      status: "rejected",
    });
    expect(menuBadge("kyc", { ...none, kycStatus: "approved" })).toBeNull();
    expect(menuBadge("kyc", none)).toBeNull();
  });

  it("counts on the menu button what the header's bell does not already show", () => {
    expect(menuNews({ ...none, information: 2, notifications: 5, support: 1 })).toBe(3);
    expect(menuNews({ ...none, notifications: 5 })).toBe(0);
  });
});
