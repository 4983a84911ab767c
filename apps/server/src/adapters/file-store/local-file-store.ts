import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { assertContentType, assertFileKey, type FileStore } from "../../lib/file-store.ts";

/** The sidecar: the commit point of a file (see `localFileStore`). */
interface Sidecar {
  v: 1;
  contentType: string;
  size: number;
  /** The data file's name, in the sidecar's folder. */
  blob: string;
}

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

const isMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException | null)?.code === "ENOENT" ||
  (error as NodeJS.ErrnoException | null)?.code === "ENOTDIR";

const token = () => randomBytes(8).toString("hex");

/** Writes a new file (never an existing one) with mode 0600 and flushes it to disk. */
async function writeNewFile(path: string, data: Uint8Array | string) {
  const handle = await fs.open(path, "wx", FILE_MODE);
  try {
    await handle.chmod(FILE_MODE); // exact mode whatever the umask
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeQuietly(path: string) {
  await fs.rm(path, { force: true }).catch(() => {});
}

/** Flushes a folder's entries (the renames) to disk; best effort where unsupported. */
async function syncDir(path: string) {
  try {
    const handle = await fs.open(path, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {}
}

/**
 * The embedded store: files in a private folder (created 0700, files 0600). For a key `a/b`:
 * - `<root>/a/b.json` — the sidecar `{v, contentType, size, blob}`, the file's commit point;
 * - `<root>/a/b.<random>.bin` — the bytes it points to.
 * Keys have no dot, so folders (`a/`) never collide with these names. A `put` writes and flushes
 * a new data file, then a temporary sidecar, and renames the sidecar over the old one: a reader
 * sees the old file or the new one, never a mix or a partial write; on failure the temporary
 * files are removed. The replaced data file is removed after the rename (a crash in between only
 * leaves an unreferenced file behind). Concurrent `put`s on one key: the last rename wins.
 */
export function localFileStore(root: string): FileStore {
  const base = resolve(root);
  let rootReady: Promise<void> | undefined;
  const ensureRoot = () => {
    rootReady ??= (async () => {
      await fs.mkdir(base, { recursive: true, mode: DIR_MODE });
      await fs.chmod(base, DIR_MODE);
    })().catch((error) => {
      rootReady = undefined;
      throw error;
    });
    return rootReady;
  };
  const sidecarPath = (key: string) => join(base, `${key}.json`);

  async function readSidecar(key: string): Promise<Sidecar | null> {
    let text: string;
    try {
      text = await fs.readFile(sidecarPath(key), "utf8");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const sidecar = JSON.parse(text) as Sidecar;
    if (sidecar.v !== 1 || !/^[a-z0-9_-]+\.[0-9a-f]{16}\.bin$/.test(sidecar.blob)) {
      throw new Error(`Corrupt file metadata for ${key}`);
    }
    return sidecar;
  }

  /** Creates the key's folders below the root, each 0700. */
  async function ensureDirs(key: string) {
    await ensureRoot();
    const parts = key.split("/").slice(0, -1);
    let current = base;
    for (const part of parts) {
      current = join(current, part);
      try {
        await fs.mkdir(current, { mode: DIR_MODE });
        await fs.chmod(current, DIR_MODE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
  }

  return {
    kind: "local",

    async put(key, bytes, meta) {
      assertFileKey(key);
      assertContentType(meta?.contentType);
      if (!(bytes instanceof Uint8Array)) throw new TypeError("bytes must be a Uint8Array");
      await ensureDirs(key);
      const dir = dirname(sidecarPath(key));
      const name = key.slice(key.lastIndexOf("/") + 1);
      const blob = `${name}.${token()}.bin`;
      const blobPath = join(dir, blob);
      const tempSidecar = join(dir, `${name}.json.${token()}.tmp`);
      const sidecar: Sidecar = {
        v: 1,
        contentType: meta.contentType,
        size: bytes.byteLength,
        blob,
      };
      try {
        await writeNewFile(blobPath, bytes);
        await writeNewFile(tempSidecar, JSON.stringify(sidecar));
        const previous = await readSidecar(key).catch(() => null);
        await fs.rename(tempSidecar, sidecarPath(key));
        await syncDir(dir);
        if (previous && previous.blob !== blob) await removeQuietly(join(dir, previous.blob));
      } catch (error) {
        await removeQuietly(tempSidecar);
        // The new data file is unreferenced unless the rename happened.
        const current = await readSidecar(key).catch(() => null);
        if (current?.blob !== blob) await removeQuietly(blobPath);
        throw error;
      }
      return { key, size: bytes.byteLength, contentType: meta.contentType };
    },

    async get(key) {
      assertFileKey(key);
      // A concurrent put may remove the data file between the two reads: read the sidecar again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const sidecar = await readSidecar(key);
        if (!sidecar) return null;
        let data: Buffer;
        try {
          data = await fs.readFile(join(dirname(sidecarPath(key)), sidecar.blob));
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        if (data.byteLength !== sidecar.size) throw new Error(`Corrupt file ${key}: size differs`);
        const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        return { bytes, contentType: sidecar.contentType, size: sidecar.size };
      }
      return null;
    },

    async delete(key) {
      assertFileKey(key);
      const sidecar = await readSidecar(key);
      if (!sidecar) return;
      await fs.rm(sidecarPath(key), { force: true });
      await removeQuietly(join(dirname(sidecarPath(key)), sidecar.blob));
    },

    async exists(key) {
      assertFileKey(key);
      try {
        return (await fs.stat(sidecarPath(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
