import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

/**
 * Encryption at rest of personal data (KYC fields and documents): AES-256-GCM, a random 12-byte
 * IV per item, the 16-byte tag checked on every read. A sealed item is
 * `2 (1 byte) | key id (8) | iv (12) | tag (16) | ciphertext` (decision 0054): the key id names
 * the key that sealed it, so a cipher holding the current key and the previous ones opens either,
 * and `npm run rotate-key` knows which items still need the new key. Items of the first format,
 * `1 | iv | tag | ciphertext`, still open (tried with each key). The caller names what an item is
 * (`context`, authenticated but not stored, with the header): a sealed value copied to another
 * user's row or another file's key fails to open instead of showing someone else's data.
 */
export interface DataCipher {
  /** The current key's id (hex), the one `seal` writes. */
  keyId: string;
  seal(plain: Uint8Array, context: string): Uint8Array;
  /** Throws `DataDecryptionError` when the item was altered, sealed for another context or key. */
  open(sealed: Uint8Array, context: string): Uint8Array;
  /** `seal` for text, as base64 (for a text column). */
  sealText(plain: string, context: string): string;
  openText(sealed: string, context: string): string;
}

export class DataDecryptionError extends Error {
  constructor() {
    super("Encrypted data could not be authenticated");
  }
}

export const DATA_KEY_BYTES = 32;
const V1 = 1;
const V2 = 2;
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const V1_HEADER = 1 + IV_BYTES + TAG_BYTES;
const V2_PREFIX = 1 + KEY_ID_BYTES;
const V2_HEADER = V2_PREFIX + IV_BYTES + TAG_BYTES;

/** A 32-byte key written as 64 hex digits or base64 / base64url; null when it is not one. */
export function parseDataKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return key.length === DATA_KEY_BYTES ? key : null;
  }
  return null;
}

/** A comma list of keys (`DATA_ENCRYPTION_KEY_PREVIOUS`); null when any entry is not a key. */
export function parseDataKeyList(text: string | undefined): Buffer[] | null {
  if (text === undefined || text.trim() === "") return [];
  const keys = text.split(",").map(parseDataKey);
  return keys.every((key) => key !== null) ? (keys as Buffer[]) : null;
}

/**
 * A key's public name: the first 8 bytes of SHA-256 under a label of its own. It tells keys apart
 * and cannot be turned back into the key; safe to print.
 */
export function dataKeyId(key: Uint8Array): string {
  return createHash("sha256")
    .update("fre data key id v1\0")
    .update(key)
    .digest()
    .subarray(0, KEY_ID_BYTES)
    .toString("hex");
}

/** The id of the key that sealed an item (hex), or null for a first-format item (no id). */
export function sealedKeyId(sealed: Uint8Array): string | null {
  const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (data.length >= V2_HEADER && data[0] === V2) {
    return data.subarray(1, V2_PREFIX).toString("hex");
  }
  return null;
}

/** `sealedKeyId` of a base64 text column. */
export const sealedTextKeyId = (sealed: string) => sealedKeyId(Buffer.from(sealed, "base64"));

/**
 * The cipher sealing with `key` and opening what `key` or any of `previous` sealed (a key
 * rotation: `DATA_ENCRYPTION_KEY_PREVIOUS`).
 */
export function dataCipher(key: Uint8Array, previous: readonly Uint8Array[] = []): DataCipher {
  for (const k of [key, ...previous]) {
    if (k.length !== DATA_KEY_BYTES) throw new Error("The data key must be 32 bytes");
  }
  const current = Buffer.from(key);
  const currentId = dataKeyId(current);
  const byId = new Map<string, Buffer>();
  for (const k of [...previous].reverse()) byId.set(dataKeyId(k), Buffer.from(k));
  byId.set(currentId, current);
  // First-format items carry no id: the current key first, then the previous ones.
  const tryOrder = [current, ...[...byId.values()].filter((k) => k !== current)];
  const label = (context: string) => Buffer.from(`fre:${context}`, "utf8");

  function seal(plain: Uint8Array, context: string) {
    const prefix = Buffer.concat([Buffer.from([V2]), Buffer.from(currentId, "hex")]);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.concat([prefix, label(context)]));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return new Uint8Array(Buffer.concat([prefix, iv, cipher.getAuthTag(), body]));
  }

  function decrypt(secret: Buffer, aad: Buffer, iv: Buffer, tag: Buffer, body: Buffer) {
    const decipher = createDecipheriv("aes-256-gcm", secret, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    try {
      return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
    } catch {
      return null;
    }
  }

  function open(sealed: Uint8Array, context: string) {
    const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    if (data.length >= V2_HEADER && data[0] === V2) {
      const secret = byId.get(data.subarray(1, V2_PREFIX).toString("hex"));
      const plain =
        secret &&
        decrypt(
          secret,
          Buffer.concat([data.subarray(0, V2_PREFIX), label(context)]),
          data.subarray(V2_PREFIX, V2_PREFIX + IV_BYTES),
          data.subarray(V2_PREFIX + IV_BYTES, V2_HEADER),
          data.subarray(V2_HEADER),
        );
      if (!plain) throw new DataDecryptionError();
      return plain;
    }
    if (data.length < V1_HEADER || data[0] !== V1) throw new DataDecryptionError();
    for (const secret of tryOrder) {
      const plain = decrypt(
        secret,
        label(context),
        data.subarray(1, 1 + IV_BYTES),
        data.subarray(1 + IV_BYTES, V1_HEADER),
        data.subarray(V1_HEADER),
      );
      if (plain) return plain;
    }
    throw new DataDecryptionError();
  }

  return {
    keyId: currentId,
    seal,
    open,
    sealText: (plain, context) =>
      Buffer.from(seal(Buffer.from(plain, "utf8"), context)).toString("base64"),
    openText: (sealed, context) =>
      Buffer.from(open(Buffer.from(sealed, "base64"), context)).toString("utf8"),
  };
}

export const DATA_KEY_FILE = "data-encryption.key";

/**
 * Where the embedded default keeps its generated key: in DATA_DIR (decision 0051), else next to
 * the embedded database (`pglite:./data/db` → `./data/data-encryption.key`). Null for PostgreSQL
 * (which requires DATA_ENCRYPTION_KEY) and an in-memory database (a key for the process only).
 */
export function embeddedKeyPath(databaseUrl: string, dataDir?: string): string | null {
  if (!databaseUrl.startsWith("pglite:")) return null;
  const location = databaseUrl.slice("pglite:".length);
  if (location === "" || location === "memory:") return null;
  return join(dataDir === undefined ? dirname(resolve(location)) : resolve(dataDir), DATA_KEY_FILE);
}

/**
 * The key of the embedded default: read from `path`, or generated once (mode 0600). Written to a
 * temporary file, then linked into place: two processes starting together end up with the one
 * key that won, never a half-written file.
 */
export async function loadOrCreateKeyFile(path: string): Promise<Buffer> {
  const read = async () => {
    const key = parseDataKey(await fs.readFile(path, "utf8"));
    if (!key) throw new Error(`${path} does not hold a 32-byte key (64 hex digits)`);
    return key;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await fs.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await fs.open(temp, "wx", 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(`${randomBytes(DATA_KEY_BYTES).toString("hex")}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
  return read();
}

/**
 * The data key for a configuration: DATA_ENCRYPTION_KEY when set (config.ts requires it with
 * PostgreSQL or a public address), else the embedded default's key file, else (an in-memory
 * database, gone at exit like the data it protects) a key for this process only.
 */
export async function resolveDataKey(config: {
  DATA_ENCRYPTION_KEY?: string;
  DATABASE_URL: string;
  DATA_DIR?: string;
}): Promise<Buffer> {
  if (config.DATA_ENCRYPTION_KEY) {
    const key = parseDataKey(config.DATA_ENCRYPTION_KEY);
    if (!key) throw new Error("DATA_ENCRYPTION_KEY must be 32 bytes, in hex or base64");
    return key;
  }
  const path = embeddedKeyPath(config.DATABASE_URL, config.DATA_DIR);
  return path ? loadOrCreateKeyFile(path) : randomBytes(DATA_KEY_BYTES);
}

/** The keys that sealed data before the current one (`DATA_ENCRYPTION_KEY_PREVIOUS`). */
export function previousDataKeys(config: { DATA_ENCRYPTION_KEY_PREVIOUS?: string }): Buffer[] {
  const keys = parseDataKeyList(config.DATA_ENCRYPTION_KEY_PREVIOUS);
  if (!keys) throw new Error("DATA_ENCRYPTION_KEY_PREVIOUS must be a comma list of 32-byte keys");
  return keys;
}

/**
 * The cipher of `resolveDataKey` (and of the previous keys, for reading), resolved on first use (a server that never handles KYC data
 * never creates a key file) and kept; a failure is retried on the next use.
 */
export function lazyDataCipher(config: {
  DATA_ENCRYPTION_KEY?: string;
  DATA_ENCRYPTION_KEY_PREVIOUS?: string;
  DATABASE_URL: string;
  DATA_DIR?: string;
}): () => Promise<DataCipher> {
  let pending: Promise<DataCipher> | undefined;
  return () => {
    pending ??= resolveDataKey(config)
      .then((key) => dataCipher(key, previousDataKeys(config)))
      .catch((error) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}
