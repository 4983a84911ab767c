import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 35 point 6: the app has one icon set, Glyph (components/ui/glyph.tsx, drawn in
 * line-icon.tsx's frame). A component draws an icon with it, never with an inline <svg>; the
 * only other svgs are the illustrations below and the landing's own small icon modules, which
 * stay out of Glyph so that the whole set never weighs on the landing's initial JS.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), "../..");
const GLYPH = "components/ui/glyph.tsx";

const INLINE_SVG_ALLOWED = new Map([
  ["components/ui/line-icon.tsx", "the frame every Glyph is drawn in"],
  ["components/ui/logo.tsx", "the logo"],
  ["features/mining/components/progress-ring.tsx", "a chart (the mining session's ring)"],
  ["features/landing/components/icons.tsx", "the landing's own icons (initial JS budget)"],
  ["features/preferences/components/language-picker.tsx", "public shell, loaded by the landing"],
  ["features/cookie-consent/components/cookie-banner.tsx", "shown on the landing's first visit"],
]);

/** Modules the landing loads at once (its route, its layout, the cookie banner). */
const LANDING_ROOTS = [
  "features/landing/routes/landing-page.tsx",
  "app/layouts/public-layout.tsx",
  "features/cookie-consent/components/cookie-banner.tsx",
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const rel = (path: string) => relative(SRC, path).split("\\").join("/");

const components = filesUnder(SRC)
  .map(rel)
  .filter((path) => path.endsWith(".tsx") && !/\.test\.tsx$/.test(path));

/** The relative modules a source imports, statically or lazily, resolved to files. */
function importsOf(file: string): string[] {
  const source = readFileSync(join(SRC, file), "utf8");
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g)].map(
    (match) => match[1] as string,
  );
  return specifiers.flatMap((specifier) => {
    const base = resolve(SRC, dirname(file), specifier);
    const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
      .map((ending) => base + ending)
      .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    return found ? [rel(found)] : [];
  });
}

function reachedFrom(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

describe("one icon set", () => {
  it("finds the components (the walk reads the source folder)", () => {
    expect(components).toContain(GLYPH);
    expect(components).toContain("app/layouts/bottom-nav.tsx");
    expect(components.length).toBeGreaterThan(100);
  });

  it("has no inline <svg> outside the set and its allowlist of illustrations", () => {
    const inline = components.filter(
      (path) =>
        !INLINE_SVG_ALLOWED.has(path) && /<svg\b/.test(readFileSync(join(SRC, path), "utf8")),
    );
    expect(inline).toEqual([]);
  });

  it("keeps its allowlist honest: each allowed file still draws an svg", () => {
    for (const path of INLINE_SVG_ALLOWED.keys()) {
      expect(readFileSync(join(SRC, path), "utf8"), path).toMatch(/<svg\b/);
    }
  });

  it("keeps the whole set out of what the landing loads", () => {
    const landing = reachedFrom(LANDING_ROOTS);
    expect(landing).toContain("features/landing/components/icons.tsx");
    expect(landing).toContain("features/preferences/components/language-picker.tsx");
    expect(landing.has(GLYPH)).toBe(false);
    expect(landing.has("components/ui/line-icon.tsx")).toBe(false);
  });
});
