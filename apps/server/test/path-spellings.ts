/**
 * The ways of writing "one segment up" in a URL path that a library may resolve (issue 32, point
 * 1), and a sender that puts a path on the wire exactly as written: `inject` and `fetch` resolve
 * dots before the server sees them, node:http does not.
 */
import { request as httpRequest } from "node:http";
import { PUBLIC_URL } from "./helpers.ts";

/** Better Auth endpoints FRE never serves, and the ones the probe reached through another. */
export const TRAVERSAL_TARGETS = [
  "update-user",
  "list-accounts",
  "revoke-sessions",
  "delete-user",
  "sign-in/email",
];

/** `from/<up>/to`, each way of writing "up one segment" the issue lists, and more. */
export const SPELLINGS: Record<string, (from: string, to: string) => string> = {
  raw: (from, to) => `${from}/${"../".repeat(depth(from))}${to}`,
  "%2E%2E": (from, to) => `${from}/${"%2E%2E/".repeat(depth(from))}${to}`,
  "%2e%2E": (from, to) => `${from}/${"%2e%2E/".repeat(depth(from))}${to}`,
  ".%2e": (from, to) => `${from}/${".%2e/".repeat(depth(from))}${to}`,
  "..%2F": (from, to) => `${from}/${"..%2F".repeat(depth(from))}${to}`,
  "..%2f": (from, to) => `${from}/${"..%2f".repeat(depth(from))}${to}`,
  "%2e%2e%2f": (from, to) => `${from}/${"%2e%2e%2f".repeat(depth(from))}${to}`,
  "%252e%252e": (from, to) => `${from}/${"%252e%252e/".repeat(depth(from))}${to}`,
  ";": (from, to) => `${from};/${"../".repeat(depth(from))}${to}`,
  "..;": (from, to) => `${from}/${"..;/".repeat(depth(from))}${to}`,
  "//": (from, to) => `${from}//${"../".repeat(depth(from) + 1)}${to}`,
  "leading //": (_from, to) => `/${to}`,
  "\\": (from, to) => `${from}\\${"..\\".repeat(depth(from))}${to}`,
  "%5C": (from, to) => `${from}%5C${"..%5C".repeat(depth(from))}${to}`,
  "%2F": (from, to) => `${from.replaceAll("/", "%2F")}%2F..%2F${to}`,
};

function depth(path: string): number {
  return path.split("/").length;
}

export interface RawAnswer {
  status: number;
  body: string;
  cookies: string[];
}

/** One request with its path exactly as given (node:http does not normalise it). */
export function sendRaw(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  const payload = method === "GET" ? undefined : JSON.stringify(options.body ?? {});
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          origin: PUBLIC_URL,
          ...(payload && { "content-type": "application/json" }),
          ...(options.cookie && { cookie: options.cookie }),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => {
          const setCookie = res.headers["set-cookie"] ?? [];
          resolve({ status: res.statusCode ?? 0, body, cookies: setCookie });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
