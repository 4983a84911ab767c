import { expect, describe as group, it } from "vitest";
import { migrationsFolder } from "./client.js";
import { describe, lintMigrations, lintSql } from "./migration-lint.js";
import { migrationExceptions } from "./migration-lint-exceptions.js";

// `users` stands for an existing table (created by an earlier migration); `fresh` is created in
// the sample itself, as a new table in the same migration is.
const createFresh = `CREATE TABLE "fresh" ("id" uuid PRIMARY KEY, "user_id" text, "n" integer);--> statement-breakpoint\n`;

const samples: { rule: string; bad: string; good: string }[] = [
  {
    rule: "require-concurrent-index-creation",
    bad: `CREATE INDEX "users_x_idx" ON "users" USING btree ("created_at");`,
    good: `${createFresh}CREATE INDEX "fresh_n_idx" ON "fresh" USING btree ("n");`,
  },
  {
    rule: "adding-field-with-default",
    bad: `ALTER TABLE "users" ADD COLUMN "token" uuid DEFAULT gen_random_uuid();`,
    good: `ALTER TABLE "users" ADD COLUMN "streak" integer DEFAULT 0 NOT NULL;`,
  },
  {
    rule: "changing-column-type",
    bad: `alter table users alter column nickname type varchar(40);`,
    good: `ALTER TABLE "users" ALTER COLUMN "nickname" SET DEFAULT 'x';`,
  },
  {
    rule: "adding-not-nullable-field",
    bad: `ALTER TABLE "users" ALTER COLUMN "nickname" SET NOT NULL;`,
    good: `ALTER TABLE "users" ADD CONSTRAINT "users_nickname_nn" CHECK ("nickname" IS NOT NULL) NOT VALID;`,
  },
  {
    rule: "adding-required-field",
    bad: `ALTER TABLE "users" ADD COLUMN "seed" text NOT NULL;`,
    good: `ALTER TABLE "users" ADD COLUMN "seed" text;`,
  },
  {
    rule: "adding-foreign-key-constraint",
    bad: `ALTER TABLE "withdrawals" ADD CONSTRAINT "w_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id");`,
    good: `${createFresh}ALTER TABLE "fresh" ADD CONSTRAINT "fresh_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");`,
  },
  {
    rule: "constraint-missing-not-valid",
    bad: `ALTER TABLE "users" ADD CONSTRAINT "users_b" CHECK ("balance" >= 0);`,
    good: `ALTER TABLE "users" ADD CONSTRAINT "users_b" CHECK ("balance" >= 0) NOT VALID;`,
  },
  {
    rule: "ban-drop-column",
    bad: `ALTER TABLE "users" DROP COLUMN "legacy";`,
    good: `ALTER TABLE "users" ADD COLUMN "legacy2" text;`,
  },
  {
    rule: "ban-drop-table",
    bad: `DROP TABLE "challenge_sign_ups" CASCADE;`,
    good: createFresh,
  },
  {
    rule: "renaming-column",
    bad: `ALTER TABLE users RENAME COLUMN nickname TO handle;`,
    good: `ALTER TABLE users ADD COLUMN handle text;`,
  },
  {
    rule: "renaming-table",
    bad: `ALTER TABLE "users" RENAME TO "members";`,
    good: `CREATE VIEW "members" AS SELECT * FROM "users";`,
  },
  {
    rule: "vacuum-full",
    bad: `-- a comment first\nVACUUM (FULL, ANALYZE) "users";`,
    good: `VACUUM ANALYZE "users"; SELECT 'vacuum full users';`,
  },
  {
    rule: "cluster",
    bad: `CLUSTER "users" USING "users_pkey";`,
    good: `/* cluster users */ SELECT 1;`,
  },
  {
    rule: "lock-table",
    bad: `SELECT 1;--> statement-breakpoint\n  lock   table "users" IN ACCESS EXCLUSIVE MODE;`,
    good: `SELECT 'lock table users';`,
  },
];

const rules = (sql: string) => lintSql(sql).map((f) => f.rule);

group("the migration check's rules", () => {
  for (const { rule, bad, good } of samples) {
    it(`${rule}: refuses the bad sample, passes the good one`, () => {
      expect(rules(bad)).toContain(rule);
      expect(rules(good)).not.toContain(rule);
    });
  }

  it("a finding says where it is and what to write instead", () => {
    const [f] = lintSql(`SELECT 1;\nCREATE INDEX "i" ON "users" ("id");`, "0099_x.sql");
    expect(f).toMatchObject({
      file: "0099_x.sql",
      line: 1,
      rule: "require-concurrent-index-creation",
    });
    expect(f && describe(f)).toMatch(/^0099_x\.sql:2 .*CONCURRENTLY.*decision 0053/);
  });

  it("CONCURRENTLY is refused too: drizzle runs migrations in one transaction", () => {
    expect(rules(`drop index concurrently "i";`)).toContain("concurrently-in-transaction");
    expect(rules(`CREATE INDEX CONCURRENTLY "i" ON "users" ("id");`)).toContain(
      "concurrently-in-transaction",
    );
  });
});

group("every migration", () => {
  const findings = lintMigrations(migrationsFolder);
  const excused = (f: { file: string; rule: string }) =>
    migrationExceptions.some((e) => e.file === f.file && e.rule === f.rule);

  it("has no finding without a reviewed exception", () => {
    expect(findings.filter((f) => !excused(f)).map(describe)).toEqual([]);
  });

  it("has no stale exception (each one matches a finding) and each gives a reason", () => {
    const stale = migrationExceptions.filter(
      (e) => !findings.some((f) => f.file === e.file && f.rule === e.rule),
    );
    expect(stale).toEqual([]);
    for (const e of migrationExceptions) expect(e.reason.length).toBeGreaterThan(20);
  });
});
