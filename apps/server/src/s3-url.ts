/**
 * `FILES_URL=s3://…` read into where and how to reach the bucket: a setting's parser, so the
 * configuration checks it at boot (config.ts) and the S3 adapter takes the result.
 */

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
