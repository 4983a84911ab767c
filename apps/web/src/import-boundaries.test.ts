import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The web's import rule, in the spirit of bulletproof-react's `no-restricted-paths`:
 * - a feature imports only `components/`, `lib/`, `locales/`, `@fre/shared` and, from another
 *   feature, its public `index.ts` (the admin console: also its `admin/index.ts`); a screen of
 *   another feature (`routes/*-page.tsx`,
 *   `admin/*-page.tsx`) only through `import()`, the unit of route-level code splitting;
 * - `components/` and `lib/` import no feature and not `app/` (no arrow back up);
 * - `test/` helpers are for test files only.
 * The test reads each file's imports (static, type-only, re-exports and `import()`), so it judges
 * what a file uses, not what it is called.
 */
const SRC = fileURLToPath(new URL(".", import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const rel = (file: string) => relative(SRC, file).split(sep).join("/");

/** A relative import resolved to a file under src (extension or /index added). */
function resolved(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  const found = [base, ...candidates].find((path) => existsSync(path) && statSync(path).isFile());
  return rel(found ?? base);
}

export interface Import {
  target: string;
  dynamic: boolean;
}

export function importsOf(file: string, text = readFileSync(file, "utf8")): Import[] {
  const dynamicSpecifiers = new Set(
    [...text.matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => m[1]),
  );
  const staticSpecifiers = new Set(
    [...text.matchAll(/(?:from|^import)\s*["'](\.[^"']+)["']/gm)].map((m) => m[1]),
  );
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => ({
      target: resolved(file, specifier),
      dynamic: dynamicSpecifiers.has(specifier) && !staticSpecifiers.has(specifier),
    }));
}

const area = (path: string) => path.split("/")[0] ?? "";
const featureOf = (path: string) => (area(path) === "features" ? path.split("/")[1] : null);
const isTestFile = (path: string) => /\.test\.tsx?$/.test(path);
const isScreen = (path: string) => /^features\/[^/]+\/(routes|admin)\/[^/]+-page\.tsx$/.test(path);

/** The rule an import breaks, if any (paths relative to src). */
export function brokenRule(from: string, { target, dynamic }: Import): string | null {
  if (area(target) === "test" && !isTestFile(from) && area(from) !== "test") {
    return "test helpers outside a test";
  }
  if (area(from) === "components" || area(from) === "lib") {
    if (area(target) === "features" || area(target) === "app") {
      return `${area(from)}/ imports ${area(target)}/`;
    }
    return null;
  }
  const feature = featureOf(from);
  if (!feature) return null;
  // A feature's test may stand its screen inside the app's guards, as the app does.
  if (area(target) === "app") return isTestFile(from) ? null : "a feature imports app/";
  const other = featureOf(target);
  if (!other || other === feature) return null;
  if (target === `features/${other}/index.ts`) return null;
  // The admin console composes each feature's admin surface (kept out of the features' main
  // index, which the landing's closure may reach).
  if (feature === "admin" && target === `features/${other}/admin/index.ts`) return null;
  if (dynamic && isScreen(target)) return null;
  return "another feature's internals";
}

/**
 * Today's exceptions, each with its reason. Every entry must still be a violation (the test fails
 * on a stale entry): remove it when the import goes.
 */
const ALLOWED = new Set<string>([]);

function violations(): string[] {
  const found: string[] = [];
  for (const file of filesUnder(SRC)) {
    const from = rel(file);
    for (const imported of importsOf(file)) {
      const rule = brokenRule(from, imported);
      if (rule) found.push(`${from} -> ${imported.target} (${rule})`);
    }
  }
  return found.sort();
}

describe("web import boundaries", () => {
  it("reads the imports it judges, static and lazy", () => {
    const imports = importsOf(
      join(SRC, "features", "x", "a.ts"),
      'import { A } from "../y";\nimport type { B } from "../y/api/b";\nconst C = () => import("../z/routes/c-page");\n',
    );
    expect(imports).toEqual([
      { target: "features/y", dynamic: false },
      { target: "features/y/api/b", dynamic: false },
      { target: "features/z/routes/c-page", dynamic: true },
    ]);
  });

  it("classifies the imports the rule forbids", () => {
    const s = (target: string, dynamic = false) => ({ target, dynamic });
    expect(brokenRule("features/a/x.tsx", s("features/b/api/b-api.ts"))).toBe(
      "another feature's internals",
    );
    expect(brokenRule("features/a/x.tsx", s("features/b/routes/b-page.tsx"))).toBe(
      "another feature's internals",
    );
    expect(brokenRule("features/a/x.tsx", s("features/b/routes/b-page.tsx", true))).toBeNull();
    expect(brokenRule("features/a/x.tsx", s("features/b/index.ts"))).toBeNull();
    expect(brokenRule("features/admin/x.tsx", s("features/b/admin/index.ts"))).toBeNull();
    expect(brokenRule("features/a/x.tsx", s("features/b/admin/index.ts"))).toBe(
      "another feature's internals",
    );
    expect(brokenRule("features/a/x.tsx", s("features/a/api/a-api.ts"))).toBeNull();
    expect(brokenRule("features/a/x.tsx", s("components/ui/button.tsx"))).toBeNull();
    expect(brokenRule("features/a/x.tsx", s("app/router.tsx"))).toBe("a feature imports app/");
    expect(brokenRule("lib/x.ts", s("features/a/index.ts"))).toBe("lib/ imports features/");
    expect(brokenRule("components/x.tsx", s("app/providers.tsx"))).toBe("components/ imports app/");
    expect(brokenRule("features/a/x.tsx", s("test/render-static.tsx"))).toBe(
      "test helpers outside a test",
    );
    expect(brokenRule("features/a/x.test.tsx", s("test/render-static.tsx"))).toBeNull();
    expect(brokenRule("features/a/x.tsx", s("app/guards.tsx"))).toBe("a feature imports app/");
    expect(brokenRule("features/a/routes/x.dom.test.tsx", s("app/guards.tsx"))).toBeNull();
    expect(brokenRule("app/router.tsx", s("features/a/routes/a-page.tsx"))).toBeNull();
  });

  it("has no import across the rule beyond the listed exceptions", () => {
    expect(violations().filter((v) => !ALLOWED.has(v))).toEqual([]);
  });

  it("lists no exception that is gone", () => {
    const current = new Set(violations());
    expect([...ALLOWED].filter((v) => !current.has(v))).toEqual([]);
  });
});
