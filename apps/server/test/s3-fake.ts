/**
 * A local S3-compatible server for the suite: path-style PutObject, GetObject, HeadObject and
 * DeleteObject on one bucket, in memory. Like S3 it refuses a request whose SigV4 signature does
 * not match what was actually sent (method, path, signed headers, payload hash), so the driver is
 * tested against a server that checks its work. Started on 127.0.0.1, on a free port.
 */
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface S3Fake {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `s3://…` for FILES_URL. */
  filesUrl: string;
  /** Objects by key (without the bucket). */
  objects: Map<string, StoredObject>;
  /** Every request: method, object key and the status answered. */
  requests: { method: string; key: string; status: number }[];
  /** The next `count` requests get this status (to test failures). */
  failNext(status: number, count?: number): void;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

function errorXml(code: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

/** Recomputes the request's signature as S3 does; null when it matches. */
function signatureProblem(
  request: IncomingMessage,
  body: Buffer,
  secret: string,
  accessKeyId: string,
): string | null {
  const header = request.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return "AuthorizationHeaderMalformed";
  const [, keyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== accessKeyId) return "InvalidAccessKeyId";
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date!)) return "AuthorizationHeaderMalformed";
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== sha256(body)) return "XAmzContentSHA256Mismatch";
  const names = signedHeaders!.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date")) return "AccessDenied";
  const canonical = [
    request.method,
    (request.url ?? "/").split("?")[0],
    "",
    ...names.map((name) => `${name}:${String(request.headers[name] ?? "").trim()}`),
    "",
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  let key = hmac(`AWS4${secret}`, date!);
  for (const part of [region!, "s3", "aws4_request"]) key = hmac(key, part);
  const expected = createHmac("sha256", key).update(toSign).digest("hex");
  return expected === signature ? null : "SignatureDoesNotMatch";
}

export async function startS3Fake(bucket = "fre-test"): Promise<S3Fake> {
  const accessKeyId = "FAKEACCESSKEY";
  const secretAccessKey = "fake/secret+key";
  const objects = new Map<string, StoredObject>();
  const requests: S3Fake["requests"] = [];
  let failures: { status: number; count: number } | null = null;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = decodeURIComponent((request.url ?? "/").split("?")[0]!);
    const prefix = `/${bucket}/`;
    const key = path.startsWith(prefix) ? path.slice(prefix.length) : "";
    const answer = (status: number, payload?: string | Buffer, type = "application/xml") => {
      requests.push({ method: request.method ?? "", key, status });
      response.statusCode = status;
      if (payload !== undefined) response.setHeader("content-type", type);
      response.end(request.method === "HEAD" ? undefined : payload);
    };
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return answer(failures.status, errorXml("InternalError"));
    }
    if (!key) return answer(404, errorXml("NoSuchBucket"));
    const problem = signatureProblem(request, body, secretAccessKey, accessKeyId);
    if (problem) return answer(403, errorXml(problem));
    switch (request.method) {
      case "PUT":
        objects.set(key, {
          body,
          contentType: String(request.headers["content-type"] ?? "binary/octet-stream"),
        });
        return answer(200);
      case "GET":
      case "HEAD": {
        const object = objects.get(key);
        if (!object) return answer(404, errorXml("NoSuchKey"));
        response.setHeader("content-length", String(object.body.length));
        return answer(200, object.body, object.contentType);
      }
      case "DELETE":
        objects.delete(key);
        return answer(204);
      default:
        return answer(405, errorXml("MethodNotAllowed"));
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const filesUrl =
    `s3://${encodeURIComponent(accessKeyId)}:${encodeURIComponent(secretAccessKey)}@${bucket}` +
    `?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-3`;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    filesUrl,
    objects,
    requests,
    failNext(status, count = 1) {
      failures = { status, count };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
