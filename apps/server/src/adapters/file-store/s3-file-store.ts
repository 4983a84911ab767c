import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertContentType, assertFileKey, type FileStore } from "../../lib/file-store.ts";
import type { S3Location } from "../../s3-url.ts";

const sha256Hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

/** An S3 answer we did not expect: the status and S3's error code, never the request. */
export class S3Error extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly s3Code: string | null,
  ) {
    super(`S3 ${operation} failed with HTTP ${status}${s3Code ? ` (${s3Code})` : ""}`);
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The S3-compatible store: a key is the object `<prefix>/<key>`; `put` = PutObject with the
 * content type, `get` = GetObject (404 → null), `delete` = DeleteObject (idempotent), `exists` =
 * HeadObject. Every request is signed (SigV4, by aws4fetch) with the payload's SHA-256 and
 * every header it carries, the content type included.
 */
export function s3FileStore(
  location: S3Location,
  options: { fetch?: typeof fetch; now?: () => Date } = {},
): FileStore {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = new URL(location.endpoint);
  const basePath = base.pathname.replace(/\/+$/, "");
  const signer = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    service: "s3",
    region: location.region,
  });

  async function send(
    operation: string,
    method: string,
    key: string,
    body?: Uint8Array,
    extra: Record<string, string> = {},
  ) {
    assertFileKey(key);
    const objectKey = location.prefix ? `${location.prefix}/${key}` : key;
    const path = `${basePath}/${encodeSegment(location.bucket)}/${objectKey
      .split("/")
      .map(encodeSegment)
      .join("/")}`;
    const signed = await signer.sign(new URL(path, base).toString(), {
      method,
      headers: { "x-amz-content-sha256": sha256Hex(body ?? new Uint8Array()), ...extra },
      // A copy on its own ArrayBuffer: a BodyInit under both the DOM and Node typings.
      body: body ? Uint8Array.from(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      aws: {
        datetime: now()
          .toISOString()
          .replace(/[-:]|\.\d{3}/g, ""),
        allHeaders: true,
      },
    });
    const response = await doFetch(signed);
    return { response, fail: () => failure(operation, response) };
  }

  async function failure(operation: string, response: Response) {
    const text = await response.text().catch(() => "");
    const code = /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1] ?? null;
    return new S3Error(operation, response.status, code);
  }

  return {
    kind: "s3",

    async put(key, bytes, meta) {
      if (!(bytes instanceof Uint8Array)) throw new TypeError("bytes must be a Uint8Array");
      assertContentType(meta?.contentType);
      const { response, fail } = await send("PutObject", "PUT", key, bytes, {
        "content-type": meta.contentType,
      });
      if (!response.ok) throw await fail();
      await response.arrayBuffer().catch(() => {});
      return { key, size: bytes.byteLength, contentType: meta.contentType };
    },

    async get(key) {
      const { response, fail } = await send("GetObject", "GET", key);
      if (response.status === 404) {
        await response.arrayBuffer().catch(() => {});
        return null;
      }
      if (!response.ok) throw await fail();
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        bytes,
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
        size: bytes.byteLength,
      };
    },

    async delete(key) {
      const { response, fail } = await send("DeleteObject", "DELETE", key);
      if (!response.ok && response.status !== 404) throw await fail();
      await response.arrayBuffer().catch(() => {});
    },

    async exists(key) {
      const { response, fail } = await send("HeadObject", "HEAD", key);
      if (response.status === 404) return false;
      if (!response.ok) throw await fail();
      return true;
    },
  };
}
