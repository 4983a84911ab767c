/**
 * What every API bench starts with: its flags, a fresh PostgreSQL database, a free port and the
 * bench server's environment (limits lifted: one machine plays every user).
 */
import { execFile, fork } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { resolve } from "node:path";
import postgres from "postgres";

/** The command line after the script. */
export const args = process.argv.slice(2);

/** `--name N` on the command line, else `fallback`. */
export const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

/** The PostgreSQL the benches create their database in. */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => done(typeof a === "object" && a ? a.port : 0));
    });
  });
}

/** Drops and creates `name`; returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The bench server's environment on `databaseUrl` and `port`, plus `extra`. */
export function benchServerEnv(
  databaseUrl: string,
  port: number,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "100000000",
    AUTH_RATE_LIMIT_MAX: "100000000",
    // Each connection is one user: their fair share (600/min by default) would refuse most.
    USER_RATE_LIMIT_MAX: "1000000",
    // A throwaway database: any key will do (required on PostgreSQL since the KYC module).
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
    // Benches measure the routes, not the sign-up's proof of work (decision 0044).
    PROOF_OF_WORK: "off",
    ...extra,
  };
}

/**
 * A history, as an active user base has: every user mined the last `days` days (one claimed
 * session a day) and kept a notice of each (bench:api, bench:backup, bench:migrate).
 */
export async function seedMiningHistory(sql: postgres.Sql, days: number): Promise<void> {
  await sql.unsafe(`
    insert into mining_sessions (user_id, status, start_time, end_time, base_rate_nano, rate_nano,
      segment_start, accrued_nano, rate_checked_at, credited_nano, claimed_at, ended_at)
    select u.id, 'claimed', t, t + interval '24 hours', 1000000, 1000000, t, 86400000000, t,
      86400000000, t + interval '24 hours', t + interval '24 hours'
    from users u, generate_series(1, ${days}) d,
      lateral (select now() - make_interval(days => d + 1)) s(t)`);
  await sql.unsafe(`
    insert into notifications (user_id, type, params, read, created_at)
    select u.id, 'mining_session_claim', '{"amount":"86.4"}', true,
      now() - make_interval(days => d) from users u, generate_series(1, ${days}) d`);
}

/**
 * The real server (apps/server/src/server.ts, as `npm start` runs it) with WEB_CONCURRENCY =
 * `workers`, once its health answers and its workers have warmed up.
 */
export async function startRealServer(env: NodeJS.ProcessEnv, base: string, workers: number) {
  const child = fork(resolve(import.meta.dirname, "../apps/server/src/server.ts"), {
    env: { ...env, WEB_CONCURRENCY: String(workers) },
    execArgv: ["--import", "tsx"],
    silent: true,
  });
  process.once("exit", () => child.kill("SIGKILL"));
  let stderr = "";
  child.stdout?.resume();
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`server not ready after 120 s: ${stderr}`);
    const ok = await fetch(`${base}/api/health/live`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 3000 + 1000 * workers));
  return child;
}

/** Better Auth's signed session cookie: `token.base64(HMAC-SHA256(secret, token))`. */
export const signedSessionCookie = (secret: string, token: string) =>
  `fre.session_token=${encodeURIComponent(
    `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`,
  )}`;

/** `npm run ledger:verify` on the bench database (balances and the jackpot pool). */
export const ledgerVerify = (serverEnv: NodeJS.ProcessEnv) =>
  new Promise<string>((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", resolve(import.meta.dirname, "../apps/server/src/cli/ledger-verify.ts")],
      { env: serverEnv },
      (error, stdout, stderr) =>
        done(
          error
            ? `ledger:verify FAILED (exit ${error.code}): ${`${stdout}${stderr}`.trim()}`
            : `ledger:verify: ${stdout.trim()}`,
        ),
    );
  });
