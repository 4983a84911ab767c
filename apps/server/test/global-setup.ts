import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../src/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * (a PGlite dump, or `CREATE DATABASE … TEMPLATE` on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `fre_tpl_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template}`);
    await admin.unsafe(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const db = await openDatabase(templateUrl.toString(), { poolMax: 1 });
    await db.migrate();
    await db.close();
    project.provide("postgresTemplate", template);
    project.provide("pgliteTemplate", "");
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const pg = await PGlite.create();
  await migrate(drizzle(pg), { migrationsFolder });
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  const path = join(tmpdir(), `fre-pglite-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", path);
  project.provide("postgresTemplate", "");
  return () => rmSync(path, { force: true });
}
