import { createCipheriv, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DATA_KEY_FILE,
  DataDecryptionError,
  dataCipher,
  dataKeyId,
  embeddedKeyPath,
  lazyDataCipher,
  loadOrCreateKeyFile,
  parseDataKey,
  parseDataKeyList,
  previousDataKeys,
  resolveDataKey,
  sealedKeyId,
  sealedTextKeyId,
} from "./data-encryption.ts";

const key = randomBytes(32);

describe("dataCipher", () => {
  it("round-trips bytes and text, with a fresh IV each time", () => {
    const cipher = dataCipher(key);
    const plain = new TextEncoder().encode("Jeanne Dupont, 12 rue de la Paix");
    const a = cipher.seal(plain, "kyc:u1:identity");
    const b = cipher.seal(plain, "kyc:u1:identity");
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(a.byteLength).toBe(plain.byteLength + 37);
    expect(a[0]).toBe(2);
    expect(new TextDecoder().decode(cipher.open(a, "kyc:u1:identity"))).toBe(
      "Jeanne Dupont, 12 rue de la Paix",
    );
    const text = cipher.sealText("Élodie 🌍", "ctx");
    expect(text).not.toContain("Élodie");
    expect(cipher.openText(text, "ctx")).toBe("Élodie 🌍");
    expect(cipher.openText(cipher.sealText("", "ctx"), "ctx")).toBe("");
  });

  it("refuses altered data, another context and another key", () => {
    const cipher = dataCipher(key);
    const sealed = cipher.seal(new TextEncoder().encode("secret"), "kyc:u1:identity");
    for (const index of [0, 5, 20, sealed.length - 1]) {
      const altered = Uint8Array.from(sealed);
      altered[index]! ^= 1;
      expect(() => cipher.open(altered, "kyc:u1:identity")).toThrow(DataDecryptionError);
    }
    expect(() => cipher.open(sealed, "kyc:u2:identity")).toThrow(DataDecryptionError);
    expect(() => dataCipher(randomBytes(32)).open(sealed, "kyc:u1:identity")).toThrow(
      DataDecryptionError,
    );
    expect(() => cipher.open(sealed.subarray(0, 20), "kyc:u1:identity")).toThrow(
      DataDecryptionError,
    );
    expect(() => dataCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});

/** An item of the first format (`1 | iv | tag | ciphertext`), as the code before 0054 sealed. */
function sealV1(secret: Buffer, plain: string, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secret, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(`fre:${context}`, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return new Uint8Array(Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]));
}

describe("the v2 format and key rotation (decision 0054)", () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

  it("names the sealing key in the header: 8 bytes of a labelled SHA-256, not the key", () => {
    const cipher = dataCipher(newKey);
    expect(cipher.keyId).toBe(dataKeyId(newKey));
    expect(cipher.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(dataKeyId(oldKey)).not.toBe(dataKeyId(newKey));
    expect(newKey.toString("hex")).not.toContain(cipher.keyId);
    const sealed = cipher.seal(new TextEncoder().encode("x"), "ctx");
    expect(sealedKeyId(sealed)).toBe(cipher.keyId);
    expect(Buffer.from(sealed.subarray(1, 9)).toString("hex")).toBe(cipher.keyId);
    expect(sealedTextKeyId(cipher.sealText("x", "ctx"))).toBe(cipher.keyId);
    expect(sealedKeyId(sealV1(newKey, "x", "ctx"))).toBeNull();
  });

  it("opens what a previous key sealed, and seals with the current one only", () => {
    const before = dataCipher(oldKey).sealText("Jeanne", "kyc:u1:identity");
    const rotated = dataCipher(newKey, [oldKey]);
    expect(rotated.openText(before, "kyc:u1:identity")).toBe("Jeanne");
    const after = rotated.sealText("Jeanne", "kyc:u1:identity");
    expect(sealedTextKeyId(after)).toBe(dataKeyId(newKey));
    // The new key alone reads what it sealed, not what the old key sealed.
    expect(dataCipher(newKey).openText(after, "kyc:u1:identity")).toBe("Jeanne");
    expect(() => dataCipher(newKey).openText(before, "kyc:u1:identity")).toThrow(
      DataDecryptionError,
    );
    expect(() => dataCipher(oldKey).openText(after, "kyc:u1:identity")).toThrow(
      DataDecryptionError,
    );
  });

  it("still opens first-format items, with the current key or a previous one", () => {
    expect(text(dataCipher(newKey).open(sealV1(newKey, "v1", "c"), "c"))).toBe("v1");
    expect(text(dataCipher(newKey, [oldKey]).open(sealV1(oldKey, "v1", "c"), "c"))).toBe("v1");
    expect(() => dataCipher(newKey).open(sealV1(oldKey, "v1", "c"), "c")).toThrow(
      DataDecryptionError,
    );
    expect(() => dataCipher(newKey, [oldKey]).open(sealV1(oldKey, "v1", "c"), "d")).toThrow(
      DataDecryptionError,
    );
  });

  it("authenticates the header: a rewritten key id or version does not open", () => {
    const cipher = dataCipher(newKey, [oldKey]);
    const sealed = dataCipher(oldKey).seal(new TextEncoder().encode("s"), "c");
    const relabelled = Uint8Array.from(sealed);
    relabelled.set(Buffer.from(dataKeyId(newKey), "hex"), 1);
    expect(() => cipher.open(relabelled, "c")).toThrow(DataDecryptionError);
    const downgraded = Uint8Array.from(sealed);
    downgraded[0] = 1;
    expect(() => cipher.open(downgraded, "c")).toThrow(DataDecryptionError);
    expect(() => dataCipher(newKey, [randomBytes(16)])).toThrow(/32 bytes/);
  });

  it("reads DATA_ENCRYPTION_KEY_PREVIOUS as a comma list", () => {
    expect(parseDataKeyList(undefined)).toEqual([]);
    expect(parseDataKeyList(" ")).toEqual([]);
    const list = parseDataKeyList(`${oldKey.toString("hex")}, ${newKey.toString("base64")}`);
    expect(list?.map((k) => k.toString("hex"))).toEqual([
      oldKey.toString("hex"),
      newKey.toString("hex"),
    ]);
    expect(parseDataKeyList(`${oldKey.toString("hex")},nope`)).toBeNull();
    expect(previousDataKeys({ DATA_ENCRYPTION_KEY_PREVIOUS: oldKey.toString("hex") })).toHaveLength(
      1,
    );
    expect(() => previousDataKeys({ DATA_ENCRYPTION_KEY_PREVIOUS: "x" })).toThrow(/comma list/);
  });
});

describe("parseDataKey", () => {
  it("reads 32 bytes in hex, base64 and base64url", () => {
    expect(parseDataKey(key.toString("hex"))?.equals(key)).toBe(true);
    expect(parseDataKey(` ${key.toString("hex").toUpperCase()}\n`)?.equals(key)).toBe(true);
    expect(parseDataKey(key.toString("base64"))?.equals(key)).toBe(true);
    expect(parseDataKey(key.toString("base64url"))?.equals(key)).toBe(true);
    for (const bad of ["", "abc", "zz".repeat(32), randomBytes(16).toString("hex")]) {
      expect(parseDataKey(bad)).toBeNull();
    }
  });
});

describe("the embedded default's key file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), "fre-data-key-"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("lives next to the embedded database only", () => {
    expect(embeddedKeyPath("pglite:/srv/fre/data/db")).toBe(`/srv/fre/data/${DATA_KEY_FILE}`);
    expect(embeddedKeyPath("pglite:memory:")).toBeNull();
    expect(embeddedKeyPath("postgres://db/fre")).toBeNull();
  });

  it("is generated once (mode 0600), then read back, even by racing processes", async () => {
    const path = join(dir, "data", DATA_KEY_FILE);
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateKeyFile(path)));
    expect(new Set(keys.map((k) => k.toString("hex"))).size).toBe(1);
    expect(keys[0]).toHaveLength(32);
    expect((await fs.stat(path)).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(join(dir, "data"))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect((await loadOrCreateKeyFile(path)).equals(keys[0]!)).toBe(true);
    const viaConfig = await resolveDataKey({ DATABASE_URL: `pglite:${join(dir, "data", "db")}` });
    expect(viaConfig.equals(keys[0]!)).toBe(true);
  });

  it("prefers DATA_ENCRYPTION_KEY and refuses a damaged key file", async () => {
    const configured = await resolveDataKey({
      DATA_ENCRYPTION_KEY: key.toString("base64"),
      DATABASE_URL: `pglite:${join(dir, "unused", "db")}`,
    });
    expect(configured.equals(key)).toBe(true);
    await expect(fs.stat(join(dir, "unused"))).rejects.toMatchObject({ code: "ENOENT" });
    const damaged = join(dir, "damaged", DATA_KEY_FILE);
    await fs.mkdir(join(dir, "damaged"));
    await fs.writeFile(damaged, "not a key");
    await expect(loadOrCreateKeyFile(damaged)).rejects.toThrow(/32-byte key/);
  });

  it("is resolved on first use only, and retried after a failure", async () => {
    const base = join(dir, "lazy");
    const cipher = lazyDataCipher({ DATABASE_URL: `pglite:${join(base, "db")}` });
    await expect(fs.stat(base)).rejects.toMatchObject({ code: "ENOENT" });
    const first = await cipher();
    expect(await cipher()).toBe(first);
    expect((await fs.stat(join(base, DATA_KEY_FILE))).isFile()).toBe(true);

    const blocked = join(dir, "blocked");
    await fs.writeFile(blocked, "a file where the folder should be");
    const failing = lazyDataCipher({ DATABASE_URL: `pglite:${join(blocked, "db")}` });
    await expect(failing()).rejects.toThrow();
    await fs.rm(blocked);
    await expect(failing()).resolves.toBeTruthy();
  });
});
