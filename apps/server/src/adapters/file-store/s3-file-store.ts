import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertContentType, assertFileKey, type FileStore } from "../../lib/file-store.ts";

/** Where and how to reach an S3-compatible bucket (parsed from `FILES_URL=s3://…`). */
export interface S3Location {
  /** `https://s3.eu-west-3.amazonaws.com`, `http://127.0.0.1:9000`…: objects are addressed
   * path-style, `<endpoint>/<bucket>/<key>`, which every S3-compatible server understands. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket (no leading or trailing slash), "" for the bucket's root. */
  prefix: string;
}

const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_PATTERN = /^[a-z0-9-]{1,40}$/;
const PREFIX_PATTERN = /^(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/;

/**
 * `s3://ACCESS_KEY:SECRET@bucket?endpoint=https://host&region=eu-west-3&prefix=fre` (key and
 * secret percent-encoded; region defaults to us-east-1, endpoint to AWS's for the region).
 * Throws with a message naming the problem, never echoing the secret.
 */
export function parseS3Url(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error("FILES_URL is not a URL");
  }
  if (url.protocol !== "s3:") throw new Error("FILES_URL: an S3 URL starts with s3://");
  const bucket = url.hostname;
  if (!BUCKET_PATTERN.test(bucket)) throw new Error("FILES_URL: the bucket name is invalid");
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (!accessKeyId || !secretAccessKey) {
    throw new Error("FILES_URL: credentials are missing (s3://ACCESS_KEY:SECRET@bucket?…)");
  }
  const region = url.searchParams.get("region") ?? "us-east-1";
  if (!REGION_PATTERN.test(region)) throw new Error("FILES_URL: the region is invalid");
  const endpoint = url.searchParams.get("endpoint") ?? `https://s3.${region}.amazonaws.com`;
  let parsedEndpoint: URL;
  try {
    parsedEndpoint = new URL(endpoint);
  } catch {
    throw new Error("FILES_URL: endpoint is not a URL");
  }
  if (!/^https?:$/.test(parsedEndpoint.protocol) || parsedEndpoint.search) {
    throw new Error("FILES_URL: endpoint must be an http(s) URL without a query");
  }
  const prefix = (url.searchParams.get("prefix") ?? "").replace(/^\/+|\/+$/g, "");
  if (!PREFIX_PATTERN.test(prefix)) throw new Error("FILES_URL: the prefix is invalid");
  return {
    endpoint: parsedEndpoint.toString().replace(/\/+$/, ""),
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    prefix,
  };
}

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
