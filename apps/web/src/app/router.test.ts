import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "@fre/shared";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_SECTIONS } from "../features/admin/admin-sections";
import { AdminSectionPage, loadSectionScreen } from "../features/admin/routes/admin-section-page";
import { FAQ_ITEMS } from "../features/help/faq-items";

// Route modules load their catalogs through i18next; here only the modules matter.
const loadNamespaces = vi.hoisted(() => vi.fn(async (..._namespaces: string[]) => undefined));
vi.mock(import("../lib/i18n"), async (original) => ({ ...(await original()), loadNamespaces }));

const { routes } = await import("./router");
const { RequireAdmin, RequireAuth } = await import("./session-guards");
const { VisitorOnly } = await import("./guards");
const { AdminLayout } = await import("./layouts/admin-layout");
const { AuthenticatedLayout } = await import("./layouts/authenticated-layout");
const { PublicLayout } = await import("./layouts/public-layout");
const { SessionLayout } = await import("./layouts/session-layout");

interface Found {
  route: RouteObject;
  /** From the root's first child to the route's parent. */
  ancestors: RouteObject[];
}

function find(path: string): Found | undefined {
  const walk = (list: RouteObject[], ancestors: RouteObject[]): Found | undefined => {
    for (const route of list) {
      const matches = path === "" ? route.index === true : route.path === path;
      if (matches) return { route, ancestors };
      const below = route.children && walk(route.children, [...ancestors, route]);
      if (below) return below;
    }
    return undefined;
  };
  return walk(routes[0]?.children ?? [], []);
}

/** What a route renders: its element's type, its Component, or its lazy module's Component. */
async function shown(route: RouteObject): Promise<unknown> {
  if (route.element && typeof route.element === "object" && "type" in route.element) {
    return route.element.type;
  }
  if (route.Component) return route.Component;
  if (typeof route.lazy === "function") return (await route.lazy()).Component;
  return undefined;
}

const chain = async (found: Found) => Promise.all(found.ancestors.map(shown));

const catalog = (language: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, "../locales", language, "admin.json"), "utf8"),
  ) as { pages: Record<string, string> };

describe("route table", () => {
  it("gives every admin section a route behind the admin guard, in the console", async () => {
    for (const entry of ADMIN_SECTIONS) {
      const matched = matchRoutes(routes, entry.path);
      expect(matched?.at(-1)?.route.path, entry.section).toBe("admin/:section");
      expect(matched?.at(-1)?.params.section, entry.section).toBe(entry.section);
    }
    const found = find("admin/:section");
    expect(found).toBeDefined();
    if (!found) return;
    expect(await chain(found)).toEqual([RequireAdmin, AdminLayout]);
    expect(await shown(found.route)).toBe(AdminSectionPage);
  });

  it("shows each admin section's own screen, with its catalogs", async () => {
    for (const entry of ADMIN_SECTIONS) {
      const screen = await loadSectionScreen(entry);
      expect(typeof screen, entry.section).toBe("function");
      if (entry.load) expect(screen).toBe(await entry.load());
      expect(loadNamespaces).toHaveBeenLastCalledWith(...(entry.namespaces ?? []));
    }
  });

  it("gives every admin section a menu label in all five languages", () => {
    for (const language of LANGUAGES) {
      const { pages } = catalog(language);
      for (const entry of ADMIN_SECTIONS) {
        const key = entry.labelKey.replace(/^pages\./, "");
        expect(pages[key]?.trim(), `${language}: ${entry.labelKey}`).toBeTruthy();
      }
    }
  });

  it("lists each admin section once, under /admin", () => {
    const paths = ADMIN_SECTIONS.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of ADMIN_SECTIONS) expect(entry.path).toBe(`/admin/${entry.section}`);
  });

  it("nests the other pages in their guard and layout", async () => {
    const expected: [string, unknown[]][] = [
      ["", [PublicLayout, VisitorOnly]],
      ["login", [PublicLayout, VisitorOnly]],
      ["register", [PublicLayout, VisitorOnly]],
      ["reset-password", [PublicLayout]],
      ["loading", []],
      ["dashboard", [RequireAuth, AuthenticatedLayout]],
      ["support", [RequireAuth, AuthenticatedLayout]],
      ["faq", [SessionLayout]],
      ["squads", [RequireAuth, AuthenticatedLayout]],
      ["squad/:id", [SessionLayout]],
      ["withdrawal", [RequireAuth, AuthenticatedLayout]],
      ["admin", [RequireAdmin, AdminLayout]],
    ];
    for (const [path, ancestors] of expected) {
      const found = find(path);
      expect(found, path).toBeDefined();
      if (found) expect(await chain(found), path).toEqual(ancestors);
    }
  });

  it("leads every FAQ answer's link to a page of the table (visitors sign in on the way)", () => {
    for (const item of FAQ_ITEMS) {
      for (const link of item.links) {
        if (link.to.startsWith("#")) continue;
        const found = find(link.to.slice(1));
        expect(found, `${item.id} → ${link.to}`).toBeDefined();
      }
    }
  });

  it("sends unknown paths home, after every page", () => {
    const children = routes[0]?.children ?? [];
    expect(children.at(-1)?.path).toBe("*");
  });
});
