import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The module pattern (conventions §1–2, §9): `<f>.routes.ts` is HTTP only, `<f>.service.ts` holds
 * the rules, `<f>.repo.ts` the SQL, and a module reaches another module's data through that
 * module's service, never its repo. Adapters to the outside (`src/adapters/`, decision 0033)
 * implement interfaces the modules own: a module never imports an adapter (only its tests do;
 * composition.ts wires them), and an adapter reaches no module's routes, service or repo.
 */
const SRC = fileURLToPath(new URL(".", import.meta.url));
const MODULES = join(SRC, "modules");
const ADAPTERS = join(SRC, "adapters");
const SCHEMA = join(SRC, "db", "schema");

/**
 * Today's exceptions, each with its reason. Every entry must still be a violation (the test fails
 * on a stale entry): remove it when the import goes.
 */
const ALLOWED = new Set<string>([]);

type Role = "routes" | "service" | "repo" | "other";
const roleOf = (file: string): Role =>
  file.endsWith(".routes.ts")
    ? "routes"
    : file.endsWith(".service.ts")
      ? "service"
      : file.endsWith(".repo.ts")
        ? "repo"
        : "other";
const isTest = (file: string) => file.endsWith(".test.ts");
const moduleOf = (file: string) => relative(MODULES, file).split(sep)[0];
const inside = (file: string, dir: string) => !relative(dir, file).startsWith("..");
const name = (file: string) =>
  (inside(file, MODULES) ? relative(MODULES, file) : relative(SRC, file)).split(sep).join("/");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every relative import of a file (static, type-only, re-exports, `import()`), resolved. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => resolve(dirname(file), specifier));
}

/** The rule an import breaks, if any. */
function brokenRule(from: string, to: string): string | null {
  const [fromRole, toRole] = [roleOf(from), roleOf(to)];
  if (inside(from, MODULES) && !isTest(from) && inside(to, ADAPTERS)) {
    return "a module imports an adapter";
  }
  if (inside(from, ADAPTERS) && inside(to, MODULES) && toRole !== "other") {
    return `an adapter imports a module's ${toRole}`;
  }
  if (fromRole === "service" && toRole === "routes") return "a service imports routes";
  if (fromRole === "routes" && toRole === "repo") return "routes import a repo";
  if (fromRole === "routes" && inside(to, SCHEMA)) return "routes import the db schema";
  if (fromRole === "repo" && (toRole === "service" || toRole === "routes")) {
    return `a repo imports ${toRole === "service" ? "a service" : "routes"}`;
  }
  if (toRole === "repo" && inside(to, MODULES) && moduleOf(to) !== moduleOf(from)) {
    return "another module's repo";
  }
  return null;
}

function violations() {
  const found: string[] = [];
  for (const file of [...filesUnder(MODULES), ...filesUnder(ADAPTERS)]) {
    for (const target of importsOf(file)) {
      const rule = brokenRule(file, target);
      if (rule) found.push(`${name(file)} -> ${name(target)} (${rule})`);
    }
  }
  return found.sort();
}

describe("module boundaries", () => {
  it("reads the imports it judges", () => {
    // A parser that sees nothing would pass every rule.
    const routes = importsOf(join(MODULES, "leaderboard", "leaderboard.routes.ts")).map(name);
    expect(routes).toContain("leaderboard/leaderboard.service.ts");
    expect(importsOf(join(MODULES, "mining", "mining.repo.ts")).map(name)).toContain(
      "db/schema/index.ts",
    );
    // The adapters are judged too.
    expect(importsOf(join(ADAPTERS, "smtp", "smtp-mailer.ts")).map(name)).toContain(
      "mail/mail.transport.ts",
    );
  });

  it("classifies the imports the rules forbid", () => {
    const m = (path: string) => join(MODULES, path);
    expect(brokenRule(m("a/a.service.ts"), m("a/a.routes.ts"))).toBe("a service imports routes");
    expect(brokenRule(m("a/a.routes.ts"), m("a/a.repo.ts"))).toBe("routes import a repo");
    expect(brokenRule(m("a/a.routes.ts"), join(SCHEMA, "mining.ts"))).toBe(
      "routes import the db schema",
    );
    expect(brokenRule(m("a/a.repo.ts"), m("a/a.service.ts"))).toBe("a repo imports a service");
    expect(brokenRule(m("a/a.repo.ts"), m("b/b.routes.ts"))).toBe("a repo imports routes");
    expect(brokenRule(m("a/x.ts"), m("b/b.repo.ts"))).toBe("another module's repo");
    expect(brokenRule(m("a/a.service.ts"), m("a/a.repo.ts"))).toBeNull();
    expect(brokenRule(m("a/a.service.ts"), m("b/b.service.ts"))).toBeNull();
    expect(brokenRule(m("a/a.repo.ts"), join(SCHEMA, "index.ts"))).toBeNull();
    const adapter = (path: string) => join(ADAPTERS, path);
    expect(brokenRule(m("a/a.service.ts"), adapter("x/x-driver.ts"))).toBe(
      "a module imports an adapter",
    );
    expect(brokenRule(m("a/x.ts"), adapter("x/x.ts"))).toBe("a module imports an adapter");
    expect(brokenRule(m("a/a.service.test.ts"), adapter("x/x-stub.ts"))).toBeNull();
    expect(brokenRule(adapter("x/x-driver.ts"), m("a/a.service.ts"))).toBe(
      "an adapter imports a module's service",
    );
    expect(brokenRule(adapter("x/x-driver.ts"), m("a/a.repo.ts"))).toBe(
      "an adapter imports a module's repo",
    );
    expect(brokenRule(adapter("x/x-driver.ts"), m("a/a-port.ts"))).toBeNull();
  });

  it("has no import across the module pattern beyond the listed exceptions", () => {
    expect(violations().filter((v) => !ALLOWED.has(v))).toEqual([]);
  });

  it("lists no exception that is gone", () => {
    const current = new Set(violations());
    expect([...ALLOWED].filter((v) => !current.has(v))).toEqual([]);
  });
});

/**
 * Data access (conventions §1, §9): only repos and the ledger kernel (ledger.ts, its verifier)
 * import drizzle (`sql`, operators, column types) or the db schema. The rule reads imports, not
 * file names: a service that writes `db.execute(sql…)` imports `sql` and is caught. Outside the
 * modules, the database's own folder, the console commands, Better Auth's adapter setup, the demo
 * seed and the adapters (whose job is their own storage) may too.
 */
const DATA_ACCESS_EXEMPT = [
  (file: string) => file.endsWith(".repo.ts"),
  (file: string) => inside(file, join(SRC, "db")) || inside(file, join(SRC, "cli")),
  (file: string) => inside(file, ADAPTERS),
  (file: string) =>
    ["ledger/ledger.ts", "ledger/ledger.verify.ts", "auth/auth.ts", "demo/demo.seed.ts"].includes(
      name(file),
    ),
];

/** Today's exceptions to the data-access rule, each with its reason (stale entries fail). */
const DATA_ACCESS_ALLOWED = new Set<string>([]);

/** Whether a file's own text imports drizzle or the schema (type-only imports count). */
function dataAccessImports(file: string, text = readFileSync(file, "utf8")): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter(
      (specifier) =>
        specifier === "drizzle-orm" ||
        specifier.startsWith("drizzle-orm/") ||
        (specifier.startsWith(".") && inside(resolve(dirname(file), specifier), SCHEMA)),
    );
}

function dataAccessViolations() {
  const found: string[] = [];
  for (const file of [...filesUnder(MODULES), ...filesUnder(join(SRC, "lib"))]) {
    if (isTest(file) || DATA_ACCESS_EXEMPT.some((exempt) => exempt(file))) continue;
    for (const specifier of dataAccessImports(file)) found.push(`${name(file)} -> ${specifier}`);
  }
  return found.sort();
}

describe("data access", () => {
  it("sees drizzle and the schema in a file's imports", () => {
    const file = join(MODULES, "a", "a.service.ts");
    expect(
      dataAccessImports(
        file,
        'import { sql } from "drizzle-orm";\nimport type { PgColumn } from "drizzle-orm/pg-core";\nimport { users } from "../../db/schema/index.ts";\nimport type { Db } from "../../db/client.ts";\n',
      ),
    ).toEqual(["drizzle-orm", "drizzle-orm/pg-core", "../../db/schema/index.ts"]);
  });

  it("has no query outside a repo or the ledger kernel beyond the listed exceptions", () => {
    expect(dataAccessViolations().filter((v) => !DATA_ACCESS_ALLOWED.has(v))).toEqual([]);
  });

  it("lists no exception that is gone", () => {
    const current = new Set(dataAccessViolations());
    expect([...DATA_ACCESS_ALLOWED].filter((v) => !current.has(v))).toEqual([]);
  });
});
