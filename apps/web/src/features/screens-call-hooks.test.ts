import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Decision 0065 (issue 35 point 5): a feature's mutations, cache writes and invalidations live
 * in its `api/` as hooks; screens (components, pages, the console's screens) call hooks only.
 */
const FEATURES = dirname(fileURLToPath(import.meta.url));

const FORBIDDEN: readonly { name: string; pattern: RegExp }[] = [
  { name: "useMutation(", pattern: /\buseMutation\(/ },
  { name: "setQueryData(", pattern: /\.setQueryData\(/ },
  { name: "invalidateQueries({ queryKey: [", pattern: /invalidateQueries\(\{\s*queryKey:\s*\[/ },
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** A screen: any `.tsx` outside `api/`, and every module under `components/` or `routes/`. */
export function isScreen(path: string): boolean {
  if (!/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path)) return false;
  const parts = path.split("/");
  if (parts.includes("api")) return false;
  return path.endsWith(".tsx") || parts.includes("components") || parts.includes("routes");
}

/** The forbidden calls a source holds (comments included: a sample in prose is still a sample). */
export function violationsOf(source: string): string[] {
  return FORBIDDEN.filter(({ pattern }) => pattern.test(source)).map(({ name }) => name);
}

const screens = filesUnder(FEATURES)
  .map((path) => relative(FEATURES, path).split("\\").join("/"))
  .filter(isScreen);

describe("screens call hooks only", () => {
  it("finds the screens (the walk reads the features folder)", () => {
    expect(screens).toContain("withdrawals/components/withdrawal-form.tsx");
    expect(screens).toContain("kyc/admin/admin-kyc-page.tsx");
    expect(screens.length).toBeGreaterThan(100);
  });

  it("flags each forbidden call and nothing else", () => {
    expect(violationsOf("const save = useMutation({ mutationFn })")).toEqual(["useMutation("]);
    expect(violationsOf("queryClient.setQueryData(key, saved)")).toEqual(["setQueryData("]);
    expect(violationsOf('invalidateQueries({ queryKey: ["admin"] })')).toEqual([
      "invalidateQueries({ queryKey: [",
    ]);
    expect(violationsOf("const save = useSaveSettings();")).toEqual([]);
    expect(isScreen("kyc/api/kyc-api.ts")).toBe(false);
    expect(isScreen("kyc/components/identity-step.tsx")).toBe(true);
    expect(isScreen("kyc/admin/admin-kyc-page.tsx")).toBe(true);
    expect(isScreen("kyc/components/identity-step.test.tsx")).toBe(false);
  });

  it("no screen owns a mutation, a cache write or a raw key", () => {
    const found = screens.flatMap((path) =>
      violationsOf(readFileSync(join(FEATURES, path), "utf8")).map((call) => `${path}: ${call}`),
    );
    expect(found).toEqual([]);
  });
});
