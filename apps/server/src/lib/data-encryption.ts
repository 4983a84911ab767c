import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

/**
 * Encryption at rest of personal data (KYC fields and documents): AES-256-GCM, a random 12-byte
 * IV per item, the 16-byte tag checked on every read. A sealed item is
 * `version (1 byte) | iv (12) | tag (16) | ciphertext`; the version byte leaves room for a key
 * rotation. The caller names what an item is (`context`, authenticated but not stored): a sealed
 * value copied to another user's row or another file's key fails to open instead of showing
 * someone else's data.
 */
export interface DataCipher {
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
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

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

export function dataCipher(key: Uint8Array): DataCipher {
  if (key.length !== DATA_KEY_BYTES) throw new Error("The data key must be 32 bytes");
  const secret = Buffer.from(key);
  const aad = (context: string) => Buffer.from(`fre:${context}`, "utf8");

  function seal(plain: Uint8Array, context: string) {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", secret, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(context));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return new Uint8Array(Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]));
  }

  function open(sealed: Uint8Array, context: string) {
    const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    if (data.length < HEADER_BYTES || data[0] !== VERSION) throw new DataDecryptionError();
    const iv = data.subarray(1, 1 + IV_BYTES);
    const tag = data.subarray(1 + IV_BYTES, HEADER_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", secret, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(context));
    decipher.setAuthTag(tag);
    try {
      return new Uint8Array(
        Buffer.concat([decipher.update(data.subarray(HEADER_BYTES)), decipher.final()]),
      );
    } catch {
      throw new DataDecryptionError();
    }
  }

  return {
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

/**
 * The cipher of `resolveDataKey`, resolved on first use (a server that never handles KYC data
 * never creates a key file) and kept; a failure is retried on the next use.
 */
export function lazyDataCipher(config: {
  DATA_ENCRYPTION_KEY?: string;
  DATABASE_URL: string;
  DATA_DIR?: string;
}): () => Promise<DataCipher> {
  let pending: Promise<DataCipher> | undefined;
  return () => {
    pending ??= resolveDataKey(config)
      .then(dataCipher)
      .catch((error) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}
