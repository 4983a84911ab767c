import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { EARLY_SCREENS, SIGNED_IN_AREA } from "./route-preload";

const web = join(import.meta.dirname, "../..");
const router = readFileSync(join(web, "src/app/router.tsx"), "utf8");

/** Every source file of the app (no tests), for the URL checks below. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
const appCode = sources(join(web, "src"))
  .filter((path) => !path.endsWith("route-preload.ts"))
  .map((path) => readFileSync(path, "utf8"))
  .join("\n");

/** The module path as router.tsx imports it ("../features/x/routes/x-page"). */
const importPath = (module: string) =>
  `"./${relative(join(web, "src/app"), join(web, module)).replace(/\.tsx?$/, "")}"`.replace(
    '"./../',
    '"../',
  );

describe("what boot.js asks for with the HTML", () => {
  it("names modules that exist and that the router loads for the same path", () => {
    for (const module of SIGNED_IN_AREA.modules) {
      expect(existsSync(join(web, module)), module).toBe(true);
    }
    for (const [path, screen] of Object.entries(EARLY_SCREENS)) {
      expect(existsSync(join(web, screen.module)), screen.module).toBe(true);
      const route = new RegExp(`"${path.slice(1)}",[\\s\\S]{0,120}${importPath(screen.module)}`);
      expect(router, `${path} → ${screen.module}`).toMatch(route);
      for (const namespace of screen.namespaces) {
        expect(router, `${path} loads ${namespace}`).toMatch(
          new RegExp(`"${path.slice(1)}",[\\s\\S]{0,200}"${namespace}"`),
        );
      }
    }
    for (const namespace of SIGNED_IN_AREA.namespaces) {
      expect(router).toMatch(new RegExp(`authenticated-layout[\\s\\S]{0,200}"${namespace}"`));
    }
  });

  it("asks for URLs the app reads verbatim, each with a way into the query cache", async () => {
    const { SEEDED_URLS } = await import("./early-data");
    const urls = [
      ...SIGNED_IN_AREA.data,
      ...Object.values(EARLY_SCREENS).flatMap((screen) => screen.data),
    ];
    for (const url of urls) {
      expect(SEEDED_URLS, url).toContain(url);
      const [path, query] = url.split("?");
      expect(appCode, url).toContain(`"${path}`);
      if (query) {
        // The ledger's first page: the page size the wallet asks for.
        const { LEDGER_PAGE_SIZE } = await import("../features/wallet/api/wallet-api");
        expect(query).toBe(`limit=${LEDGER_PAGE_SIZE}`);
      }
    }
  });
});
