import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FILE_KEY_MAX_LENGTH, InvalidFileKeyError } from "../../lib/file-store.ts";
import { localFileStore } from "./local-file-store.ts";

let dir: string;
let counter = 0;
/** A fresh store root per test, inside one temp dir removed at the end. */
const freshRoot = () => join(dir, `store-${++counter}`, "files");
const bytesOf = (text: string) => new TextEncoder().encode(text);
const textOf = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** Every file below a folder, relative, sorted. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

beforeAll(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), "fre-file-store-"));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("localFileStore", () => {
  it("stores and reads back bytes with their content type", async () => {
    const store = localFileStore(freshRoot());
    expect(store.kind).toBe("local");
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
    const stored = await store.put("kyc/user-1/id_front", bytes, { contentType: "image/jpeg" });
    expect(stored).toEqual({ key: "kyc/user-1/id_front", size: 7, contentType: "image/jpeg" });
    const read = await store.get("kyc/user-1/id_front");
    expect(read?.contentType).toBe("image/jpeg");
    expect(read?.size).toBe(7);
    expect(read?.bytes).toBeInstanceOf(Uint8Array);
    expect([...(read?.bytes ?? [])]).toEqual([...bytes]);
    expect(await store.exists("kyc/user-1/id_front")).toBe(true);

    const empty = await store.put("empty", new Uint8Array(), { contentType: "text/plain" });
    expect(empty.size).toBe(0);
    expect((await store.get("empty"))?.bytes.byteLength).toBe(0);
  });

  it("keeps a key and a folder of the same name apart", async () => {
    const store = localFileStore(freshRoot());
    await store.put("a", bytesOf("file a"), { contentType: "text/plain" });
    await store.put("a/b", bytesOf("file a/b"), { contentType: "text/plain" });
    expect(textOf((await store.get("a"))?.bytes)).toBe("file a");
    expect(textOf((await store.get("a/b"))?.bytes)).toBe("file a/b");
  });

  it("replaces a file on overwrite and leaves no old data behind", async () => {
    const root = freshRoot();
    const store = localFileStore(root);
    await store.put("doc", bytesOf("first version"), { contentType: "text/plain" });
    const stored = await store.put("doc", bytesOf("v2"), {
      contentType: "application/pdf",
    });
    expect(stored).toEqual({ key: "doc", size: 2, contentType: "application/pdf" });
    const read = await store.get("doc");
    expect(textOf(read?.bytes)).toBe("v2");
    expect(read?.contentType).toBe("application/pdf");
    expect(read?.size).toBe(2);
    // One sidecar and one data file: the replaced data was removed.
    const files = await listFiles(root);
    expect(files).toHaveLength(2);
    expect(files).toContain("doc.json");
  });

  it("answers null / false for a missing key, even before the root exists", async () => {
    const root = freshRoot();
    const store = localFileStore(root);
    expect(await store.get("nothing/here")).toBeNull();
    expect(await store.exists("nothing/here")).toBe(false);
    await store.delete("nothing/here");
    await expect(fs.stat(root)).rejects.toMatchObject({ code: "ENOENT" });
    await store.put("something", bytesOf("x"), { contentType: "text/plain" });
    expect(await store.get("nothing")).toBeNull();
  });

  it("deletes a file (and deleting twice is fine)", async () => {
    const root = freshRoot();
    const store = localFileStore(root);
    await store.put("kyc/u/selfie", bytesOf("face"), { contentType: "image/png" });
    await store.put("kyc/u/other", bytesOf("keep"), { contentType: "image/png" });
    await store.delete("kyc/u/selfie");
    expect(await store.get("kyc/u/selfie")).toBeNull();
    expect(await store.exists("kyc/u/selfie")).toBe(false);
    await store.delete("kyc/u/selfie");
    expect(textOf((await store.get("kyc/u/other"))?.bytes)).toBe("keep");
    const files = await listFiles(root);
    expect(files.filter((f) => f.startsWith("kyc/u/selfie"))).toEqual([]);
  });

  it("refuses bad keys in every operation", async () => {
    const store = localFileStore(freshRoot());
    const bad = [
      "",
      "/etc/passwd",
      "../escape",
      "a/../../b",
      "a/..",
      "..",
      "Upper",
      "dot.ted",
      "a//b",
      "a/",
      "spa ce",
      "back\\slash",
      "ünicode",
      "nul\0byte",
      "new\nline",
      "x".repeat(FILE_KEY_MAX_LENGTH + 1),
    ];
    for (const key of bad) {
      await expect(store.put(key, bytesOf("x"), { contentType: "text/plain" })).rejects.toThrow(
        InvalidFileKeyError,
      );
      await expect(store.get(key)).rejects.toThrow(InvalidFileKeyError);
      await expect(store.exists(key)).rejects.toThrow(InvalidFileKeyError);
      await expect(store.delete(key)).rejects.toThrow(InvalidFileKeyError);
    }
    await expect(store.get(42 as unknown as string)).rejects.toThrow(InvalidFileKeyError);
    // The longest allowed key and the full alphabet work.
    const longest = "x".repeat(FILE_KEY_MAX_LENGTH);
    await store.put(longest, bytesOf("ok"), { contentType: "text/plain" });
    expect(await store.exists(longest)).toBe(true);
    await store.put("az09/_-/k_y-3", bytesOf("ok"), { contentType: "text/plain" });
    expect(await store.exists("az09/_-/k_y-3")).toBe(true);
  });

  it("refuses a bad content type or non-bytes", async () => {
    const store = localFileStore(freshRoot());
    for (const contentType of ["", "jpeg", "image/jpeg\r\nx-evil: 1", "a/b/c"]) {
      await expect(store.put("k", bytesOf("x"), { contentType })).rejects.toThrow(
        "Invalid content type",
      );
    }
    await expect(
      store.put("k", "text" as unknown as Uint8Array, { contentType: "text/plain" }),
    ).rejects.toThrow(TypeError);
    expect(await store.exists("k")).toBe(false);
    await store.put("k", bytesOf("x"), { contentType: "text/plain; charset=utf-8" });
    expect((await store.get("k"))?.contentType).toBe("text/plain; charset=utf-8");
  });

  it("creates private folders (0700) and files (0600)", async () => {
    const root = freshRoot();
    const store = localFileStore(root);
    const umask = process.umask(0o000); // the modes must not depend on a permissive umask
    try {
      await store.put("kyc/user-2/passport", bytesOf("secret"), { contentType: "image/jpeg" });
      await store.put("kyc/user-2/passport", bytesOf("secret 2"), { contentType: "image/jpeg" });
    } finally {
      process.umask(umask);
    }
    const mode = async (path: string) => (await fs.stat(path)).mode & 0o777;
    expect(await mode(root)).toBe(0o700);
    expect(await mode(join(root, "kyc"))).toBe(0o700);
    expect(await mode(join(root, "kyc/user-2"))).toBe(0o700);
    const files = await listFiles(root);
    expect(files).toHaveLength(2);
    for (const file of files) expect(await mode(join(root, file))).toBe(0o600);
  });

  it("leaves the old file and no partial file when the commit fails", async () => {
    const root = freshRoot();
    const store = localFileStore(root);
    await store.put("doc", bytesOf("old content"), { contentType: "text/plain" });
    const before = await listFiles(root);

    vi.spyOn(fs, "rename").mockRejectedValueOnce(Object.assign(new Error("EIO"), { code: "EIO" }));
    await expect(
      store.put("doc", bytesOf("new content"), { contentType: "application/pdf" }),
    ).rejects.toThrow("EIO");

    const read = await store.get("doc");
    expect(textOf(read?.bytes)).toBe("old content");
    expect(read?.contentType).toBe("text/plain");
    expect(await listFiles(root)).toEqual(before);
  });

  it("leaves no partial file when writing the bytes fails half-way", async () => {
    const root = freshRoot();
    const store = localFileStore(root);
    await store.put("kyc/doc", bytesOf("old content"), { contentType: "text/plain" });
    const before = await listFiles(root);

    // The disk fills up after half of the data file is written.
    const realOpen = fs.open.bind(fs);
    vi.spyOn(fs, "open").mockImplementationOnce(async (...args: Parameters<typeof fs.open>) => {
      const handle = await realOpen(...args);
      handle.writeFile = async (data: unknown) => {
        const bytes = data as Uint8Array;
        await handle.write(bytes.subarray(0, bytes.byteLength / 2));
        throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      };
      return handle;
    });
    await expect(
      store.put("kyc/doc", bytesOf("a much longer new content"), { contentType: "image/png" }),
    ).rejects.toThrow("ENOSPC");
    expect(textOf((await store.get("kyc/doc"))?.bytes)).toBe("old content");
    expect(await listFiles(root)).toEqual(before);

    // A brand-new key that fails is simply absent.
    vi.spyOn(fs, "rename").mockRejectedValueOnce(new Error("EIO"));
    await expect(store.put("kyc/new", bytesOf("x"), { contentType: "text/plain" })).rejects.toThrow(
      "EIO",
    );
    expect(await store.exists("kyc/new")).toBe(false);
    expect(await store.get("kyc/new")).toBeNull();
    expect(await listFiles(root)).toEqual(before);
  });
});
