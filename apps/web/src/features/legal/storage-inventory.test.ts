import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { STORAGE_INVENTORY } from "./storage-inventory";

const repo = join(import.meta.dirname, "../../../../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const read = (dirs: string[]) => dirs.flatMap(sources).map((file) => readFileSync(file, "utf8"));

/** Storage keys and cookie names the code sets: constants holding `fre.…` or `fre_…`. */
function keysInCode(): Set<string> {
  const found = new Set<string>();
  const web = read([join(repo, "apps/web/src"), join(repo, "packages/shared/src")]);
  for (const text of web) {
    for (const match of text.matchAll(/(?:=|:)\s*"(fre[._][A-Za-z0-9_.]+)"/g)) found.add(match[1]!);
  }
  // The server's cookies (the session's name comes from Better Auth's `fre` prefix).
  for (const text of read([join(repo, "apps/server/src/modules/auth")])) {
    for (const match of text.matchAll(/"((?:__Secure-)?fre[._][A-Za-z0-9_.]+)"/g)) {
      found.add(match[1]!);
    }
  }
  return found;
}

/** Set only by the simulated chain's dev wallet, which production never serves. */
const DEV_ONLY = new Set(["fre.devWallet.v1"]);

const listed = new Set(STORAGE_INVENTORY.flatMap((entry) => entry.names));

describe("the cookie policy's inventory", () => {
  it("lists every cookie and storage key the code sets", () => {
    const found = keysInCode();
    expect(found.size).toBeGreaterThan(8);
    const missing = [...found].filter((key) => !listed.has(key) && !DEV_ONLY.has(key));
    expect(missing).toEqual([]);
  });

  it("lists nothing the code no longer sets", () => {
    const found = keysInCode();
    const all = read([join(repo, "apps/web/src")]).join("\n");
    for (const name of listed) {
      if (name.endsWith("*")) expect(all, name).toContain(`"${name.slice(0, -1)}`);
      else if (!name.startsWith("__Secure-")) expect(found, name).toContain(name);
    }
  });

  it("describes every entry in all five languages", () => {
    for (const language of LANGUAGES) {
      const catalog = JSON.parse(
        readFileSync(join(repo, "apps/web/src/locales", language, "legal.json"), "utf8"),
      ) as { storage: { items: Record<string, { purpose?: string; duration?: string }> } };
      for (const entry of STORAGE_INVENTORY) {
        const item = catalog.storage.items[entry.id];
        expect(item?.purpose?.trim(), `${language}: ${entry.id}`).toBeTruthy();
        expect(item?.duration?.trim(), `${language}: ${entry.id}`).toBeTruthy();
      }
    }
  });
});
