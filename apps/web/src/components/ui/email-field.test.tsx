import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { EMAIL_MAX_LENGTH } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { EmailField } from "./email-field";

/** Issue 35 point 6: every field where a user types an e-mail address is the one EmailField. */
const SRC = join(dirname(fileURLToPath(import.meta.url)), "../..");
const OWNER = "components/ui/email-field.tsx";

/** What marks a hand-made e-mail input (in JSX or in an attributes object). */
const EMAIL_INPUT =
  /\btype=["{]+\s*["']?email["']|\binputMode=["{]+\s*["']?email["']|\btype:\s*["']email["']/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const sources = filesUnder(SRC)
  .map((path) => relative(SRC, path).split("\\").join("/"))
  .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path));

describe("EmailField", () => {
  it("is an e-mail input bounded like the shared schema, without correction", async () => {
    const html = await renderStatic(<EmailField label="Adresse e-mail" name="email" required />);
    expect(html).toContain('type="email"');
    expect(html).toContain('inputMode="email"');
    expect(html).toContain('autoComplete="email"');
    expect(html).toContain('autoCapitalize="none"');
    expect(html).toContain('spellCheck="false"');
    expect(html).toContain(`maxLength="${EMAIL_MAX_LENGTH}"`);
    expect(html).toContain("Adresse e-mail");
    const other = await renderStatic(<EmailField label="E-mail" autoComplete="off" />);
    expect(other).toContain('autoComplete="off"');
  });

  it("recognises a hand-made e-mail input", () => {
    expect(EMAIL_INPUT.test('<input type="email" />')).toBe(true);
    expect(EMAIL_INPUT.test('<TextField inputMode="email" />')).toBe(true);
    expect(EMAIL_INPUT.test("{ type: 'email' }")).toBe(true);
    expect(EMAIL_INPUT.test('<TextField type="text" autoComplete="username" />')).toBe(false);
  });

  it("is the only e-mail input in the web app's source", () => {
    expect(sources).toContain(OWNER);
    expect(sources).toContain("features/auth/routes/login-page.tsx");
    const handMade = sources.filter(
      (path) => path !== OWNER && EMAIL_INPUT.test(readFileSync(join(SRC, path), "utf8")),
    );
    expect(handMade).toEqual([]);
  });

  it("is used by the screens where a user types an e-mail address", () => {
    for (const screen of [
      "features/auth/routes/login-page.tsx",
      "features/auth/routes/register-page.tsx",
      "features/auth/components/forgot-password-form.tsx",
      "features/telegram/components/telegram-email-form.tsx",
      "features/admin/routes/admin-outbox-page.tsx",
    ]) {
      expect(readFileSync(join(SRC, screen), "utf8"), screen).toContain("<EmailField");
    }
  });
});
