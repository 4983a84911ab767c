import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Fake, startS3Fake } from "../../../test/s3-fake.ts";
import { InvalidFileKeyError } from "../../lib/file-store.ts";
import { parseS3Url } from "../../s3-url.ts";
import { fileStoreFromUrl } from "./file-store-from-url.ts";
import { S3Error, s3FileStore } from "./s3-file-store.ts";

const bytesOf = (text: string) => new TextEncoder().encode(text);
const textOf = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("parseS3Url", () => {
  it("reads credentials, bucket, endpoint, region and prefix", () => {
    expect(
      parseS3Url(
        "s3://AK%2F1:se%2Bcret@my-bucket?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-west-3&prefix=/fre/",
      ),
    ).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "my-bucket",
      region: "eu-west-3",
      accessKeyId: "AK/1",
      secretAccessKey: "se+cret",
      prefix: "fre",
    });
    expect(parseS3Url("s3://a:b@bucket").endpoint).toBe("https://s3.us-east-1.amazonaws.com");
  });

  it("names the problem without echoing the secret", () => {
    const cases: [string, RegExp][] = [
      ["s3://bucket", /credentials/],
      ["s3://a:topsecret@B_ad", /bucket/],
      ["s3://a:topsecret@bucket?endpoint=ftp://x", /endpoint/],
      ["s3://a:topsecret@bucket?region=EU%20WEST", /region/],
      ["s3://a:topsecret@bucket?prefix=../up", /prefix/],
      ["https://a:topsecret@bucket", /s3:\/\//],
    ];
    for (const [url, problem] of cases) {
      expect(() => parseS3Url(url), url).toThrow(problem);
      try {
        parseS3Url(url);
      } catch (error) {
        expect((error as Error).message).not.toContain("topsecret");
      }
    }
  });
});

describe("s3FileStore against a local S3-compatible server", () => {
  let s3: S3Fake;
  beforeAll(async () => {
    s3 = await startS3Fake();
  });
  afterAll(async () => {
    await s3.close();
  });

  it("puts, reads, checks and deletes objects with signed requests", async () => {
    const store = fileStoreFromUrl(s3.filesUrl);
    expect(store.kind).toBe("s3");
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
    const stored = await store.put("kyc/abc", bytes, { contentType: "application/octet-stream" });
    expect(stored).toEqual({ key: "kyc/abc", size: 7, contentType: "application/octet-stream" });
    expect([...(s3.objects.get("kyc/abc")?.body ?? [])]).toEqual([...bytes]);
    expect(s3.objects.get("kyc/abc")?.contentType).toBe("application/octet-stream");

    const read = await store.get("kyc/abc");
    expect([...(read?.bytes ?? [])]).toEqual([...bytes]);
    expect(read).toMatchObject({ contentType: "application/octet-stream", size: 7 });
    expect(await store.exists("kyc/abc")).toBe(true);

    await store.put("kyc/abc", bytesOf("replaced"), { contentType: "image/png" });
    expect(textOf((await store.get("kyc/abc"))?.bytes)).toBe("replaced");

    await store.delete("kyc/abc");
    await store.delete("kyc/abc");
    expect(await store.get("kyc/abc")).toBeNull();
    expect(await store.exists("kyc/abc")).toBe(false);
    // Every request passed the server's signature check.
    expect(s3.requests.filter((r) => r.status === 403)).toEqual([]);
    expect(new Set(s3.requests.map((r) => r.method))).toEqual(
      new Set(["PUT", "GET", "HEAD", "DELETE"]),
    );
  });

  it("keeps objects under the prefix", async () => {
    const store = fileStoreFromUrl(`${s3.filesUrl}&prefix=tenant-1`);
    await store.put("kyc/x", bytesOf("in prefix"), { contentType: "text/plain" });
    expect(s3.objects.has("tenant-1/kyc/x")).toBe(true);
    expect(textOf((await store.get("kyc/x"))?.bytes)).toBe("in prefix");
  });

  it("is refused with wrong credentials, and says why without the secret", async () => {
    const location = parseS3Url(s3.filesUrl);
    const store = s3FileStore({ ...location, secretAccessKey: "wrong-secret" });
    const error = await store
      .put("kyc/denied", bytesOf("x"), { contentType: "text/plain" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect(error).toMatchObject({ status: 403, s3Code: "SignatureDoesNotMatch" });
    expect(String(error)).not.toContain("wrong-secret");
    expect(s3.objects.has("kyc/denied")).toBe(false);
  });

  it("reports a server failure instead of pretending", async () => {
    const store = fileStoreFromUrl(s3.filesUrl);
    s3.failNext(500);
    await expect(store.get("kyc/any")).rejects.toMatchObject({ status: 500 });
    s3.failNext(503);
    await expect(
      store.put("kyc/any", bytesOf("x"), { contentType: "text/plain" }),
    ).rejects.toMatchObject({ status: 503 });
    expect(s3.objects.has("kyc/any")).toBe(false);
  });

  it("refuses bad keys and content types before any request", async () => {
    const store = fileStoreFromUrl(s3.filesUrl);
    const before = s3.requests.length;
    for (const key of ["../up", "a//b", "Upper", "dot.ted", ""]) {
      await expect(store.get(key)).rejects.toThrow(InvalidFileKeyError);
      await expect(store.put(key, bytesOf("x"), { contentType: "text/plain" })).rejects.toThrow(
        InvalidFileKeyError,
      );
    }
    await expect(store.put("ok", bytesOf("x"), { contentType: "bad\r\nheader" })).rejects.toThrow(
      /content type/,
    );
    expect(s3.requests.length).toBe(before);
  });
});

describe("fileStoreFromUrl", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), "fre-files-url-"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("keeps a folder private (the configuration's default is `<DATA_DIR>/files`)", async () => {
    const store = fileStoreFromUrl(join(dir, "files"));
    expect(store.kind).toBe("local");
    await store.put("kyc/one", bytesOf("x"), { contentType: "text/plain" });
    expect((await fs.stat(join(dir, "files"))).mode & 0o777).toBe(0o700);
    expect(await fs.readdir(join(dir, "files", "kyc"))).toContain("one.json");
  });

  it("takes a folder or a file: URL", async () => {
    const folder = fileStoreFromUrl(join(dir, "custom"));
    await folder.put("k", bytesOf("x"), { contentType: "text/plain" });
    expect(await fs.readdir(join(dir, "custom"))).toContain("k.json");
    const url = fileStoreFromUrl(`file://${join(dir, "by-url")}`);
    await url.put("k", bytesOf("x"), { contentType: "text/plain" });
    expect(await fs.readdir(resolve(dir, "by-url"))).toContain("k.json");
  });
});
