import { describe, expect, it } from "vitest";
import { ConfigError, LEGAL_DEFAULTS, loadConfig } from "./config.ts";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has a working default for every setting", () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: "development",
      HOST: "localhost",
      HOST_EXPOSES_DEV_ROUTES: false,
      PORT: 3000,
      PROOF_OF_WORK: "on",
      TELEGRAM_API_URL: "https://api.telegram.org",
      WEB_CONCURRENCY: 1,
      HTTP_KEEP_ALIVE_MS: 5000,
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      DATABASE_URL: "pglite:./data/db",
      FILES_URL: "./data/files",
      DATABASE_POOL_MAX: 4,
      MAIL_FROM: "FRE <no-reply@fre.local>",
      ADMIN_ELEVATION_MINUTES: 30,
      TON_API_URL: "simulated",
      TON_NETWORK: "testnet",
      TON_HOT_WALLET_KIND: "v4r2",
      TON_POLL_MS: 5000,
      TON_PRICE_REFRESH_MS: 300_000,
      TON_PRICE_URL: "",
      WITHDRAWALS_ENABLED: true,
      GAME_PLAYS_PER_MINUTE: 600,
      DEMO_CONTENT: "auto",
      VAPID_SUBJECT: "mailto:admin@fre.local",
      WEB_DIST: "apps/web/dist",
      SERVER_RENDER: true,
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
      RATE_LIMIT_MAX: 6000,
      USER_RATE_LIMIT_MAX: 600,
      AUTH_RATE_LIMIT_MAX: 300,
      VITALS_RATE_LIMIT_MAX: 60,
      RATE_LIMIT_SYNC_MS: 250,
      HEALTH_INTERVAL_MS: 300_000,
      MAIL_TRANSPORT: "outbox",
      DEV_ROUTES: true,
      PUSH_ENDPOINT_ALLOW: [],
      ...LEGAL_DEFAULTS,
    });
  });

  it("listens on loopback only while dev routes are on, unless HOST says otherwise", () => {
    const outbox = { MAIL_TRANSPORT: "outbox", DATA_ENCRYPTION_KEY: "0".repeat(64) };
    expect(loadConfig({})).toMatchObject({ HOST: "localhost", HOST_EXPOSES_DEV_ROUTES: false });
    expect(loadConfig({ DEV_ROUTES: "false" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ PUBLIC_URL: "https://fre.example.com", ...outbox }).HOST).toBe("0.0.0.0");
    // Set explicitly: obeyed, and flagged (the server logs a warning) when others can reach it.
    expect(loadConfig({ HOST: "0.0.0.0" })).toMatchObject({
      HOST: "0.0.0.0",
      HOST_EXPOSES_DEV_ROUTES: true,
    });
    for (const host of ["127.0.0.1", "::1", "[::1]", "localhost"]) {
      expect(loadConfig({ HOST: host }).HOST_EXPOSES_DEV_ROUTES, host).toBe(false);
    }
    expect(loadConfig({ HOST: "0.0.0.0", DEV_ROUTES: "false" }).HOST_EXPOSES_DEV_ROUTES).toBe(
      false,
    );
  });

  it("turns the server render off on request, and refuses a value it does not understand", () => {
    expect(loadConfig({ SERVER_RENDER: "false" }).SERVER_RENDER).toBe(false);
    expect(loadConfig({ SERVER_RENDER: "1" }).SERVER_RENDER).toBe(true);
    expect(() => loadConfig({ SERVER_RENDER: "sometimes" })).toThrow(/SERVER_RENDER/);
  });

  it("derives PUBLIC_URL from PORT and turns dev routes on only for a loopback URL", () => {
    expect(loadConfig({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    for (const url of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
      expect(loadConfig({ PUBLIC_URL: url }).DEV_ROUTES).toBe(true);
    }
    const outbox = { MAIL_TRANSPORT: "outbox", DATA_ENCRYPTION_KEY: "0".repeat(64) };
    for (const url of ["https://fre.example.com", "http://192.168.1.20:3000", "http://10.0.0.2"]) {
      expect(loadConfig({ PUBLIC_URL: url, ...outbox }).DEV_ROUTES).toBe(false);
    }
    expect(
      loadConfig({ PUBLIC_URL: "https://fre.example.com", ...outbox, DEV_ROUTES: "true" }),
    ).toMatchObject({ DEV_ROUTES: true });
    expect(loadConfig({ DEV_ROUTES: "false" }).DEV_ROUTES).toBe(false);
  });

  it("refuses a public address without SMTP, unless the outbox is chosen on purpose", () => {
    const error = configError({ PUBLIC_URL: "https://fre.example.com" });
    expect(error.message).toContain("SMTP_URL: required when PUBLIC_URL");
    expect(error.message).toContain("MAIL_TRANSPORT=outbox");
    expect(
      loadConfig({
        PUBLIC_URL: "https://fre.example.com",
        SMTP_URL: "smtp://u:p@mail:587",
        DATA_ENCRYPTION_KEY: "0".repeat(64),
      }),
    ).toMatchObject({ MAIL_TRANSPORT: "smtp", DEV_ROUTES: false });
    expect(configError({ MAIL_TRANSPORT: "smtp" }).message).toContain("MAIL_TRANSPORT");
  });

  it("refuses a malformed SMTP_URL at boot, naming the key and never the password", () => {
    for (const url of [
      "smtp://user:s3cret-pw@",
      "smtp://user:s3cret-pw@:587",
      "smtp://",
      "smtps://user:s3cret-pw@mail.example.com:abc",
      "smtp://user:s3cret-pw@mail.example.com:99999",
      "smtp://user:s3cret-pw@mail.example.com:0",
      "smtp://user:s3cret-pw%ZZ@mail.example.com:587",
      "smtp://user:s3cret-pw@mail .example.com:587",
      "http://user:s3cret-pw@mail.example.com",
      "mailto:user:s3cret-pw@mail.example.com",
    ]) {
      const error = configError({ SMTP_URL: url });
      expect(error.problems, url).toHaveLength(1);
      expect(error.problems[0], url).toMatch(/^SMTP_URL: /);
      expect(error.message, url).not.toContain("s3cret-pw");
    }
    for (const url of [
      "smtp://mail.example.com",
      "smtp://u:p@mail:587",
      "smtps://user%40example.com:p%40ss@mail.example.com:465",
      "smtp://user:pass@[::1]:2525",
      "smtp://user:pass@127.0.0.1:25?pool=true",
    ]) {
      expect(loadConfig({ SMTP_URL: url }).SMTP_URL, url).toBe(url);
    }
  });

  it("parses the push allow-list and bounds the metrics token", () => {
    expect(
      loadConfig({ PUSH_ENDPOINT_ALLOW: " 127.0.0.1:8443, Push.Local " }).PUSH_ENDPOINT_ALLOW,
    ).toEqual(["127.0.0.1:8443", "push.local"]);
    expect(configError({ METRICS_TOKEN: "short" }).message).toContain("METRICS_TOKEN");
  });

  it("treats empty values as unset and ignores unknown variables", () => {
    const config = loadConfig({ PORT: "", SMTP_URL: "", LOG_LEVEL: undefined, PATH: "/usr/bin" });
    expect(config.PORT).toBe(3000);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe("info");
    expect(config).not.toHaveProperty("PATH");
  });

  it("coerces numbers and booleans from strings", () => {
    const config = loadConfig({
      PORT: "8080",
      ADMIN_ELEVATION_MINUTES: "5",
      RATE_LIMIT_MAX: "42",
      TRUST_PROXY: "1",
      DATABASE_URL: "postgres://fre@db:5432/fre",
      DATA_ENCRYPTION_KEY: "0".repeat(64),
      TON_API_URL: "https://testnet.toncenter.com",
      SHOP_RECEIVE_ADDRESS: `0:${"5".repeat(64)}`,
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      ADMIN_DEFAULT_ACCESS_CODE: "123456",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      ADMIN_ELEVATION_MINUTES: 5,
      RATE_LIMIT_MAX: 42,
      TRUST_PROXY: true,
      DATABASE_URL: "postgres://fre@db:5432/fre",
      DATA_ENCRYPTION_KEY: "0".repeat(64),
      TON_API_URL: "https://testnet.toncenter.com",
      SHOP_RECEIVE_ADDRESS: `0:${"5".repeat(64)}`,
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      ADMIN_DEFAULT_ACCESS_CODE: "123456",
    });
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ DATABASE_URL: "pglite:memory:" }).DATABASE_URL).toBe("pglite:memory:");
    expect(loadConfig({ DEMO_CONTENT: "off" }).DEMO_CONTENT).toBe("off");
    expect(() => loadConfig({ DEMO_CONTENT: "yes" })).toThrow(/DEMO_CONTENT/);
  });

  it("keeps everything it writes under DATA_DIR, defaulting each location from the other", () => {
    const key = { DATA_ENCRYPTION_KEY: "0".repeat(64) };
    const set = loadConfig({ DATA_DIR: "/var/lib/fre" });
    expect([set.DATA_DIR, set.DATABASE_URL, set.FILES_URL]).toEqual([
      "/var/lib/fre",
      "pglite:/var/lib/fre/db",
      "/var/lib/fre/files",
    ]);
    // An embedded database named alone keeps its key and documents beside it, as before.
    const embedded = loadConfig({ DATABASE_URL: "pglite:/srv/fre/data/db" });
    expect([embedded.DATA_DIR, embedded.FILES_URL]).toEqual([
      "/srv/fre/data",
      "/srv/fre/data/files",
    ]);
    const onPostgres = loadConfig({ DATABASE_URL: "postgres://fre@db:5432/fre", ...key });
    expect([onPostgres.DATA_DIR, onPostgres.FILES_URL]).toEqual(["./data", "./data/files"]);
    expect(loadConfig({ DATABASE_URL: "pglite:memory:" }).DATA_DIR).toBe("./data");
    const both = loadConfig({
      DATA_DIR: "/var/lib/fre/",
      DATABASE_URL: "pglite:/mnt/db",
      FILES_URL: "s3://a:b@bucket",
    });
    expect([both.DATA_DIR, both.DATABASE_URL, both.FILES_URL]).toEqual([
      "/var/lib/fre/",
      "pglite:/mnt/db",
      "s3://a:b@bucket",
    ]);
    for (const bad of [
      "pglite:./data",
      "file:///srv/fre",
      "s3://bucket",
      "/srv/\u0007fre",
      "x".repeat(1001),
    ]) {
      expect(() => loadConfig({ DATA_DIR: bad }), bad).toThrow(/DATA_DIR: /);
    }
  });

  it("refuses a real chain without the shop's receive address", () => {
    expect(() => loadConfig({ TON_API_URL: "https://testnet.toncenter.com" })).toThrow(
      /SHOP_RECEIVE_ADDRESS/,
    );
    expect(() => loadConfig({ SHOP_RECEIVE_ADDRESS: "not-an-address" })).toThrow(
      /SHOP_RECEIVE_ADDRESS/,
    );
  });

  it("needs the hot wallet and the FRE jetton master for withdrawals on a real chain", () => {
    const real = {
      TON_API_URL: "https://testnet.toncenter.com",
      SHOP_RECEIVE_ADDRESS: `0:${"5".repeat(64)}`,
    };
    const words = Array.from({ length: 24 }, () => "abandon").join(" ");
    // Simulated chain: optional, withdrawals on.
    expect(loadConfig({}).WITHDRAWALS_ENABLED).toBe(true);
    // Real chain: enabled explicitly, or by setting either of the two → both required.
    expect(() => loadConfig({ ...real, WITHDRAWALS_ENABLED: "true" })).toThrow(
      /TON_HOT_WALLET_MNEMONIC[\s\S]*FRE_JETTON_MASTER/,
    );
    expect(() => loadConfig({ ...real, TON_HOT_WALLET_MNEMONIC: words })).toThrow(
      /FRE_JETTON_MASTER: required/,
    );
    expect(() => loadConfig({ ...real, FRE_JETTON_MASTER: `0:${"6".repeat(64)}` })).toThrow(
      /TON_HOT_WALLET_MNEMONIC: required/,
    );
    const paying = loadConfig({
      ...real,
      TON_HOT_WALLET_MNEMONIC: words,
      FRE_JETTON_MASTER: `0:${"6".repeat(64)}`,
    });
    expect(paying).toMatchObject({ WITHDRAWALS_ENABLED: true, TON_HOT_WALLET_MNEMONIC: words });
    expect(loadConfig(real).WITHDRAWALS_ENABLED).toBe(false);
    // Malformed: refused without quoting the secret.
    const bad = configError({
      ...real,
      TON_HOT_WALLET_MNEMONIC: "secret words only",
      FRE_JETTON_MASTER: "x",
    });
    expect(bad.problems.join("\n")).toMatch(/TON_HOT_WALLET_MNEMONIC: must be the 24/);
    expect(bad.problems.join("\n")).toMatch(/FRE_JETTON_MASTER: must be a TON address/);
    expect(bad.message).not.toContain("secret words only");
  });

  it("takes the hot wallet's kind: v4r2 by default (the address kept), v5r1, nothing else", () => {
    expect(loadConfig({}).TON_HOT_WALLET_KIND).toBe("v4r2");
    expect(loadConfig({ TON_HOT_WALLET_KIND: "v5r1" }).TON_HOT_WALLET_KIND).toBe("v5r1");
    expect(configError({ TON_HOT_WALLET_KIND: "highload" }).problems.join("\n")).toMatch(
      /TON_HOT_WALLET_KIND/,
    );
  });

  it("lists every bad key in one error", () => {
    const error = configError({
      PORT: "eighty",
      DATABASE_URL: "mysql://localhost/fre",
      LOG_LEVEL: "loud",
      SMTP_URL: "http://mail.example.com",
      ADMIN_DEFAULT_ACCESS_CODE: "12345",
      TRUST_PROXY: "yes",
    });
    const keys = [
      "PORT",
      "DATABASE_URL",
      "LOG_LEVEL",
      "SMTP_URL",
      "ADMIN_DEFAULT_ACCESS_CODE",
      "TRUST_PROXY",
    ];
    expect(error.problems).toHaveLength(keys.length);
    expect(error.message).toMatch(/^Invalid configuration:\n/);
    for (const key of keys) expect(error.message).toContain(`  - ${key}: `);
    expect(error.message).toContain("DATABASE_URL: must start with pglite: or postgres://");
  });

  it("takes TELEGRAM_API_URL as an http(s) base URL (a local fake in tests) and refuses anything else", () => {
    expect(loadConfig({ TELEGRAM_API_URL: "http://127.0.0.1:8081" }).TELEGRAM_API_URL).toBe(
      "http://127.0.0.1:8081",
    );
    for (const bad of ["api.telegram.org", "ftp://api.telegram.org", "https://x/?a=1"]) {
      expect(configError({ TELEGRAM_API_URL: bad }).problems, bad).toEqual([
        expect.stringMatching(/^TELEGRAM_API_URL: /),
      ]);
    }
  });

  it("refuses out-of-range numbers and a short auth secret", () => {
    const error = configError({
      PORT: "70000",
      ADMIN_ELEVATION_MINUTES: "0",
      AUTH_SECRET: "short",
    });
    expect(error.problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "ADMIN_ELEVATION_MINUTES",
      "AUTH_SECRET",
      "PORT",
    ]);
  });

  it("runs several processes on PostgreSQL only: the embedded database allows one", () => {
    const postgres = {
      DATABASE_URL: "postgres://fre@127.0.0.1:5432/fre",
      DATA_ENCRYPTION_KEY: "0".repeat(64),
    };
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    const error = configError({ WEB_CONCURRENCY: "2" });
    expect(error.problems).toHaveLength(1);
    expect(error.message).toMatch(/WEB_CONCURRENCY: 2 processes need PostgreSQL/);
    expect(error.message).toMatch(/embedded database .* allows one process/);
    for (const bad of ["0", "-1", "1.5", "65", "many"]) {
      expect(configError({ ...postgres, WEB_CONCURRENCY: bad }).problems, bad).toEqual([
        expect.stringMatching(/^WEB_CONCURRENCY: /),
      ]);
    }
  });

  it("defaults the operator's legal details to a demonstration's, marked as such", () => {
    const config = loadConfig({});
    expect(config.LEGAL_OPERATOR_NAME).toBe("FRE (démonstration)");
    for (const [key, value] of Object.entries(LEGAL_DEFAULTS)) {
      expect(config[key as keyof typeof LEGAL_DEFAULTS], key).toBe(value);
      // Each one says it is a demonstration's or to be set, or is a local-only address.
      expect(value, key).toMatch(/démonstration|à renseigner|@fre\.local$/);
    }
  });

  it("takes the operator's legal details, trimmed, and refuses control characters and overlong text", () => {
    const config = loadConfig({
      LEGAL_OPERATOR_NAME: "  FRE SAS  ",
      LEGAL_OPERATOR_ADDRESS: "1 rue de la Paix, 75002 Paris",
      LEGAL_CONTACT_EMAIL: "contact@fre-mining.fr",
      LEGAL_PRIVACY_EMAIL: "dpo@fre-mining.fr",
    });
    expect(config).toMatchObject({
      LEGAL_OPERATOR_NAME: "FRE SAS",
      LEGAL_OPERATOR_ADDRESS: "1 rue de la Paix, 75002 Paris",
      LEGAL_CONTACT_EMAIL: "contact@fre-mining.fr",
      LEGAL_PRIVACY_EMAIL: "dpo@fre-mining.fr",
    });
    const error = configError({
      LEGAL_OPERATOR_NAME: "FRE\u0000SAS",
      LEGAL_OPERATOR_ADDRESS: "1 rue\nde la Paix",
      LEGAL_HOST_NAME: "Host\u202eevil",
      LEGAL_PUBLICATION_DIRECTOR: "x".repeat(301),
      LEGAL_OPERATOR_PHONE: "   ",
      LEGAL_CONTACT_EMAIL: "not an address",
      LEGAL_PRIVACY_EMAIL: `${"a".repeat(250)}@fre.fr`,
    });
    expect(error.problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "LEGAL_CONTACT_EMAIL",
      "LEGAL_HOST_NAME",
      "LEGAL_OPERATOR_ADDRESS",
      "LEGAL_OPERATOR_NAME",
      "LEGAL_OPERATOR_PHONE",
      "LEGAL_PRIVACY_EMAIL",
      "LEGAL_PUBLICATION_DIRECTOR",
    ]);
  });
});
