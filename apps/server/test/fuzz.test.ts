/**
 * Fuzz (security issue, "keep it fixed"): malformed bodies, path parameters and query strings to
 * every route of the live OpenAPI and to the hidden Better Auth endpoints, as an anonymous caller,
 * a signed-in user and an elevated admin. No answer may be a 5xx, and a control character in any
 * string is refused with 400 VALIDATION_ERROR — never accepted and stored.
 *
 * The cases come from each route's own schema, so a new route is fuzzed the day it lands. Random
 * bodies (fast-check) use a fixed seed: a failure reproduces. `FUZZ_LOG_LEVEL=error` shows the
 * server's stack traces.
 */
import { contracts, ERROR_CODES } from "@fre/shared";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestApp,
  elevatedAdmin,
  PUBLIC_URL,
  signUp,
  type TestApp,
  uniqueUser,
  useTestApp,
  verifyEmail,
} from "./helpers.ts";
import { SPELLINGS, sendRaw } from "./path-spellings.ts";
import { seedRouteTargets } from "./route-targets-helpers.ts";

const SEED = 20_250_601;
const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

/** The JSON Schema subset the OpenAPI of zod schemas uses. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
}

interface Operation {
  method: string;
  /** Fastify pattern, `/api/support/tickets/:id`. */
  path: string;
  params: Record<string, Schema>;
  query: Record<string, Schema>;
  body?: Schema;
  /** A fresh valid-looking body for each case (sign-up: a new address each time). */
  freshBody?: () => Record<string, unknown>;
}

/** A JSON value written as is (1e309 has no JSON.stringify form). */
class Raw {
  constructor(readonly text: string) {}
}

interface Case {
  label: string;
  method: string;
  url: string;
  /** The request body as sent (raw text), or none. */
  payload?: string;
  contentType?: string;
  /** Carries a control character: must be refused with 400 VALIDATION_ERROR. */
  control: boolean;
  /** A mutation of one body field (or a random body), not of the request as a whole. */
  field?: boolean;
}

// ---------------------------------------------------------------- mutations

const CONTROL_STRINGS: [string, string][] = [
  ["NUL", "a\u0000b"],
  ["U+0001", "a\u0001b"],
  ["ESC", "a\u001bb"],
  ["DEL", "a\u007fb"],
  ["C1 U+0085", "a\u0085b"],
  ["lone surrogate", "a\ud800b"],
];
const ODD_STRINGS: [string, string][] = [
  ["bidi override", "a\u202eb"],
  ["100 000 chars", "x".repeat(100_000)],
  ["empty", ""],
  ["spaces", "   "],
  ["zero-width + emoji", "\u200b😀\u0301"],
  ["SQL-ish", "' OR 1=1; --"],
  ["digits", "9999999999999999999"],
  ["foreign URL", "https://evil.example.com/x"],
  ["protocol-relative URL", "//evil.example.com/x"],
];
const NUMBERS: [string, unknown][] = [
  ["1e309", new Raw("1e309")],
  ["-1e309", new Raw("-1e309")],
  ["9999999999999999999", new Raw("9999999999999999999")],
  ["-1", -1],
  ["0", 0],
  ["1.5", 1.5],
  ["-0", new Raw("-0")],
  ['"NaN"', "NaN"],
  ['"9999999999999999999"', "9999999999999999999"],
];
const DEEP = 10_000;
const deepArray = () => new Raw(`${"[".repeat(DEEP)}${"]".repeat(DEEP)}`);
const WRONG_TYPES: [string, () => unknown][] = [
  ["array", () => ["a"]],
  ["object", () => ({ a: 1 })],
  ["null", () => null],
  ["boolean", () => true],
  ["number", () => 1],
  ["string", () => "a"],
  ["deeply nested", deepArray],
];

/** Whole bodies of every request that may carry one: none, not an object, too deep, not JSON. */
const WHOLE_BODIES: [string, string | undefined, string | undefined][] = [
  ["missing body", undefined, undefined],
  ["null body", "null", "application/json"],
  ["array body", "[]", "application/json"],
  ["string body", '"x"', "application/json"],
  ["number body", "1e309", "application/json"],
  ["empty object", "{}", "application/json"],
  ["deeply nested body", `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`, "application/json"],
  ["deeply nested object", `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`, "application/json"],
  ["invalid JSON", "{", "application/json"],
  ["text/plain body", "a\u0000b", "text/plain"],
  ["form body", "a=%00", "application/x-www-form-urlencoded"],
  // Multipart: only the photo upload parses it; everywhere it must be refused, never a 5xx.
  ["multipart without boundary", "abc", "multipart/form-data"],
  ["multipart with an empty boundary", "--\r\n", "multipart/form-data; boundary="],
  [
    "truncated multipart part",
    '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff',
    "multipart/form-data; boundary=XX",
  ],
  [
    "multipart part without its body",
    '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n',
    "multipart/form-data; boundary=XX",
  ],
  [
    "multipart with a field only",
    '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--XX--\r\n',
    "multipart/form-data; boundary=XX",
  ],
  ["multipart garbage", "zzzz\r\n--XX", "multipart/form-data; boundary=XX"],
  // JSON in another charset than UTF-8 is refused (415), whatever the route.
  ["UTF-16 JSON", "{}", "application/json; charset=utf-16"],
  ["Latin-1 JSON", "{}", "application/json; charset=iso-8859-1"],
  ["JSON with an empty charset", "{}", "application/json; charset="],
];

/** Path and query values, already URL-encoded. */
const URL_CONTROL: [string, string][] = [
  ["%00", "%00"],
  ["%01", "a%01b"],
  ["%1B", "a%1Bb"],
  ["%7F", "a%7Fb"],
];
const URL_ODD: [string, string][] = [
  ["9999999999999999999", "9999999999999999999"],
  ["-1", "-1"],
  ["1.5", "1.5"],
  ["NaN", "NaN"],
  ["1e309", "1e309"],
  ["abc", "abc"],
  ["300 chars", "a".repeat(300)],
  ["bidi", "%E2%80%AE"],
  ["surrogate bytes", "%ED%A0%80"],
  ["bad escape", "%ZZ"],
  ["overlong", "%C0%AF"],
  ["dot-dot", "..%2F..%2F"],
  ["empty", ""],
  ["foreign URL", "https%3A%2F%2Fevil.example.com%2Fx"],
  ["protocol-relative URL", "%2F%2Fevil.example.com%2Fx"],
];

// ---------------------------------------------------------------- schema → values

function alternatives(s: Schema): Schema[] | undefined {
  return s.anyOf ?? s.oneOf;
}

function typeOf(s: Schema): string | undefined {
  const alt = alternatives(s);
  if (alt) return typeOf(alt.find((a) => typeOf(a) !== "null") ?? alt[0]!);
  if (s.allOf?.[0]) return typeOf(s.allOf[0]);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== "null");
  if (s.type) return s.type;
  if (s.properties) return "object";
  if (s.enum) return typeof s.enum.find((v) => v !== null);
  return undefined;
}

function sampleString(s: Schema, name: string): string {
  if (s.format === "email" || name === "email" || name === "to") return "fuzz@example.com";
  if (s.format === "uuid") return ZERO_UUID;
  if (s.format === "date-time") return "2030-01-01T00:00:00.000Z";
  if (/callbackURL|redirectTo/i.test(name)) return "/dashboard";
  if (s.format === "uri" || s.format === "url" || /url|endpoint/i.test(name)) {
    return "https://push.example.com/fuzz";
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 1000;
  const candidates = [
    "Fuzz text, long enough",
    "FUZZ_1",
    "1",
    "A".repeat(Math.max(min, 3)),
    "z".repeat(Math.max(min, 1)),
  ];
  const pattern = s.pattern ? new RegExp(s.pattern) : null;
  return (
    candidates.find((c) => c.length >= min && c.length <= max && (!pattern || pattern.test(c))) ??
    "z".repeat(Math.max(min, 1))
  );
}

/** A plausible valid value (the frame every mutation is set into). */
function sample(s: Schema | undefined, name = ""): unknown {
  if (!s) return "x";
  if ("const" in s) return s.const;
  if (s.enum) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const alt = alternatives(s);
  if (alt) return sample(alt.find((a) => typeOf(a) !== "null") ?? alt[0], name);
  if (s.allOf?.[0]) return sample(s.allOf[0], name);
  switch (typeOf(s)) {
    case "object":
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, sample(value, key)]),
      );
    case "array":
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, name));
    case "integer":
    case "number": {
      const low = Math.max(s.minimum ?? 1, 1);
      return Math.min(low, s.maximum ?? low);
    }
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return sampleString(s, name);
  }
}

type Path = (string | number)[];

/** Every field of a body schema (nested objects and the first item of arrays too). */
function fields(s: Schema | undefined, path: Path = []): { path: Path; schema: Schema }[] {
  if (!s) return [];
  const alt = alternatives(s);
  if (alt) return fields(alt.find((a) => typeOf(a) !== "null") ?? alt[0], path);
  const own = path.length > 0 ? [{ path, schema: s }] : [];
  const type = typeOf(s);
  if (type === "object") {
    return [
      ...own,
      ...Object.entries(s.properties ?? {}).flatMap(([key, value]) =>
        fields(value, [...path, key]),
      ),
    ];
  }
  if (type === "array") return [...own, ...fields(s.items, [...path, 0])];
  return own;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...Path];
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

/** JSON text, with Raw values written verbatim. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `@@RAW${raws.length - 1}@@`;
    }
    return v;
  });
  return text.replace(/"@@RAW(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

// ---------------------------------------------------------------- cases

/** Real resources for the path parameters, so body mutations reach the handlers. */
interface Resources {
  ticketId: string;
  notificationId: string;
  informationId: string;
  bonusCode: string;
  /** A task of the tasks hub (issue 38): its start, verify and admin PATCH get real bodies. */
  taskId: string;
  email: string;
}

function baseParam(op: Operation, name: string, r: Resources): string {
  if (name === "id" && op.path.includes("/support/")) return r.ticketId;
  if (name === "id" && op.path.includes("/notifications/")) return r.notificationId;
  if (name === "id" && op.path.includes("/information/")) return r.informationId;
  if (name === "id" && op.path.includes("/tasks/")) return r.taskId;
  if (name === "code") return r.bonusCode;
  if (name === "level") return "1";
  if (name === "token") return "nope";
  return String(sample(op.params[name], name));
}

function baseQuery(op: Operation, r: Resources): Record<string, string> {
  return Object.fromEntries(
    Object.entries(op.query).map(([name, s]) => [
      name,
      name === "to" ? r.email : name === "cursor" ? "1" : String(sample(s, name)),
    ]),
  );
}

/** The route's URL: params and the query string (already URL-encoded) default to the base values. */
function buildUrl(
  op: Operation,
  r: Resources,
  params: Record<string, string> = {},
  query: string = encodeQuery(baseQuery(op, r)),
): string {
  let path = op.path;
  for (const name of Object.keys(op.params)) {
    const value = params[name] ?? encodeURIComponent(baseParam(op, name, r));
    path = path.replace(name === "*" ? "*" : `:${name}`, value);
  }
  return query ? `${path}?${query}` : path;
}

const encodeQuery = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");

const hasBody = (op: Operation) => op.body !== undefined || op.freshBody !== undefined;

function casesFor(op: Operation, r: Resources): Case[] {
  const cases: Case[] = [];
  const url = buildUrl(op, r);
  const base = () => op.freshBody?.() ?? sample(op.body);
  const add = (label: string, c: Partial<Case> = {}) =>
    cases.push({
      label,
      field: c.field ?? false,
      method: op.method,
      url: c.url ?? url,
      payload: "payload" in c ? c.payload : hasBody(op) ? toJson(base()) : undefined,
      contentType: c.contentType,
      control: c.control ?? false,
    });

  // Bodies: every field × strings, numbers and wrong types; then the whole body.
  if (hasBody(op)) {
    const schema = op.body ?? { type: "object", properties: {} };
    const withField = (path: Path, value: unknown) => toJson(setAt(base(), path, value));
    for (const { path, schema: field } of fields(schema)) {
      const name = path.join(".");
      const type = typeOf(field);
      if (type === "string" || type === undefined) {
        for (const [label, value] of CONTROL_STRINGS) {
          add(`body.${name} = ${label}`, {
            payload: withField(path, value),
            control: true,
            field: true,
          });
        }
        for (const [label, value] of ODD_STRINGS) {
          add(`body.${name} = ${label}`, { payload: withField(path, value), field: true });
        }
      }
      if (type === "number" || type === "integer") {
        for (const [label, value] of NUMBERS) {
          add(`body.${name} = ${label}`, { payload: withField(path, value), field: true });
        }
      }
      for (const [label, value] of WRONG_TYPES) {
        add(`body.${name} = ${label}`, { payload: withField(path, value()), field: true });
      }
      add(`body.${name} missing`, {
        payload: toJson(setAt(base(), path, undefined)),
        field: true,
      });
    }
    add("control character in a key", {
      payload: toJson({ ...(base() as object), "k\u0000": "v" }),
      control: true,
    });
    add("unknown field", { payload: toJson({ ...(base() as object), unexpected: "x" }) });
    add("__proto__", { payload: `{"__proto__":{"isAdmin":true},${toJson(base()).slice(1)}` });
    add("constructor.prototype", {
      payload: `{"constructor":{"prototype":{"isAdmin":true}},${toJson(base()).slice(1)}`,
    });
    // Random bodies with the route's own keys (fixed seed).
    const keys = Object.keys(schema.properties ?? { a: {} });
    const anyValue = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const random = fc.sample(fc.dictionary(fc.constantFrom(...keys), anyValue), {
      seed: SEED + op.path.length,
      numRuns: 4,
    });
    for (const [i, value] of random.entries()) {
      add(`random body #${i}`, { payload: JSON.stringify(value), field: true });
    }
  }
  if (op.method === "GET") add("as is");
  else
    for (const [label, payload, contentType] of WHOLE_BODIES) add(label, { payload, contentType });

  // Path parameters.
  for (const name of Object.keys(op.params)) {
    for (const [label, value] of URL_CONTROL) {
      add(`param ${name} = ${label}`, { url: buildUrl(op, r, { [name]: value }), control: true });
    }
    for (const [label, value] of URL_ODD) {
      if (value === "" && name !== "*") continue;
      add(`param ${name} = ${label}`, { url: buildUrl(op, r, { [name]: value }) });
    }
  }
  // Query strings: each declared parameter, repeated parameters, an unknown one.
  const query = baseQuery(op, r);
  const withQuery = (name: string, value: string) =>
    buildUrl(
      op,
      r,
      {},
      [
        encodeQuery(Object.fromEntries(Object.entries(query).filter(([k]) => k !== name))),
        `${name}=${value}`,
      ]
        .filter(Boolean)
        .join("&"),
    );
  for (const name of Object.keys(op.query)) {
    for (const [label, value] of URL_CONTROL) {
      add(`query ${name} = ${label}`, { url: withQuery(name, value), control: true });
    }
    for (const [label, value] of [...URL_ODD, ["100 000 chars", "q".repeat(100_000)]]) {
      add(`query ${name} = ${label}`, { url: withQuery(name, value!) });
    }
    add(`query ${name} repeated`, { url: `${withQuery(name, "1")}&${name}=2` });
  }
  add("unknown query parameter with NUL", { url: withQuery("zz", "%00"), control: true });
  return cases;
}

// ---------------------------------------------------------------- the app and its callers

/** Every operation of the live OpenAPI. */
function openApiOperations(test: TestApp): Operation[] {
  type OpenApiParameter = { in: string; name: string; schema: Schema };
  type OpenApiOperation = {
    parameters?: OpenApiParameter[];
    requestBody?: { content?: Record<string, { schema: Schema }> };
  };
  const doc = test.app.swagger() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const inPart = (where: string) =>
        Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema]),
        );
      return {
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ":$1"),
        params: inPart("path"),
        query: inPart("query"),
        body: op.requestBody?.content?.["application/json"]?.schema,
      };
    }),
  );
}

const str = (extra: Schema = {}): Schema => ({ type: "string", ...extra });
const bodyOf = (properties: Record<string, Schema>): Schema => ({ type: "object", properties });

/** The Better Auth endpoints (hidden from the OpenAPI), declared here. */
const AUTH_OPERATIONS: Operation[] = [
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    params: {},
    query: {},
    body: bodyOf({
      email: str({ format: "email" }),
      password: str(),
      name: str(),
      nickname: str(),
      referralCode: str(),
      language: { type: "string", enum: ["fr", "en"] },
      callbackURL: str(),
    }),
    freshBody: () => {
      const user = uniqueUser("fz");
      return { ...user, name: user.nickname, language: "fr", callbackURL: "/dashboard" };
    },
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    params: {},
    query: {},
    body: bodyOf({
      email: str({ format: "email" }),
      password: str(),
      callbackURL: str(),
      rememberMe: { type: "boolean" },
    }),
  },
  {
    method: "POST",
    path: "/api/auth/request-password-reset",
    params: {},
    query: {},
    body: bodyOf({ email: str({ format: "email" }), redirectTo: str() }),
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    params: {},
    query: {},
    body: bodyOf({ newPassword: str(), token: str() }),
  },
  {
    method: "POST",
    path: "/api/auth/send-verification-email",
    params: {},
    query: {},
    body: bodyOf({ email: str({ format: "email" }), callbackURL: str() }),
    // A new address each time: a cooling-down one makes the anonymous answer wait 500 ms.
    freshBody: () => ({ email: uniqueUser("fzmail").email, callbackURL: "/dashboard" }),
  },
  {
    method: "POST",
    path: "/api/auth/change-password",
    params: {},
    query: {},
    body: bodyOf({
      currentPassword: str(),
      newPassword: str(),
      revokeOtherSessions: { type: "boolean" },
    }),
  },
  { method: "POST", path: "/api/auth/sign-out", params: {}, query: {} },
  { method: "POST", path: "/api/auth/revoke-other-sessions", params: {}, query: {} },
  { method: "GET", path: "/api/auth/get-session", params: {}, query: {} },
  { method: "GET", path: "/api/auth/list-sessions", params: {}, query: {} },
  {
    method: "GET",
    path: "/api/auth/verify-email",
    params: {},
    query: { token: str(), callbackURL: str() },
  },
  {
    method: "GET",
    path: "/api/auth/reset-password/:token",
    params: { token: str() },
    query: { callbackURL: str() },
  },
];

/** Routes that change the caller's session or elevation: fuzzed with throwaway callers. */
const SESSION_CHANGING = new Set([
  "POST /api/admin/access",
  "DELETE /api/admin/access",
  "PUT /api/admin/security/code",
  "POST /api/auth/change-password",
  "POST /api/auth/sign-out",
  "POST /api/auth/revoke-other-sessions",
]);
/**
 * Better Auth endpoints that ignore the caller's session and hash a password (slow on purpose):
 * the signed-in callers get the whole-request cases only, the anonymous one every field case.
 */
const SESSION_BLIND = new Set(["POST /api/auth/sign-up/email", "POST /api/auth/sign-in/email"]);
/**
 * Routes whose accepted bodies close other routes (a feature switched off, the maintenance
 * mode on): everything is switched back on after their cases, so the next routes stay open.
 */
const PLATFORM_SWITCHES: Record<string, { url: string; body: unknown }> = {
  "PUT /api/admin/features": {
    url: "/api/admin/features",
    body: { games: true, shop: true, referrals: true, maintenance: { active: false } },
  },
};
/**
 * Routes that need an Idempotency-Key (Mines' opening): each case carries a new one, so its body
 * reaches the handler instead of stopping at the missing header.
 */
const KEYED = new Set(["POST /api/games/mines/rounds"]);
let keys = 0;
/** Never-ending event streams: only the anonymous refusal is fuzzed. */
const STREAMS = new Set(["GET /api/events"]);

interface Caller {
  role: "anonymous" | "user" | "admin";
  jar: Map<string, string> | null;
  /** A new signed-in caller of the same role (per-user rate limits). */
  renew?: () => Promise<Map<string, string>>;
}

const test = useTestApp({
  config: {
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? "silent",
    PUSH_ENDPOINT_ALLOW: "push.example.com",
    // Telegram sign-in on, so its routes check their bodies instead of answering 404.
    TELEGRAM_BOT_TOKEN: "123456789:AAfuzz-token-for-telegram-sign-in_00000",
  },
});
let resources: Resources;
let callers: Caller[];

async function newUser(): Promise<Map<string, string>> {
  const signed = await signUp(test(), uniqueUser("fuzzer"));
  await verifyEmail(test(), signed.user.email);
  return signed.client.jar;
}
const newAdmin = async () => (await elevatedAdmin(test(), "fuzzboss")).client.jar;
const newCallers = async (): Promise<Caller[]> => [
  { role: "anonymous", jar: null },
  { role: "user", jar: await newUser(), renew: newUser },
  { role: "admin", jar: await newAdmin(), renew: newAdmin },
];

async function send(jar: Map<string, string> | null, c: Case) {
  const headers: Record<string, string> = { origin: PUBLIC_URL };
  if (jar && jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  if (c.payload !== undefined) headers["content-type"] = c.contentType ?? "application/json";
  if (KEYED.has(`${c.method} ${new URL(c.url, PUBLIC_URL).pathname}`)) {
    headers["idempotency-key"] = `fuzz-key-${++keys}`;
  }
  return test().app.inject({
    method: c.method as "POST",
    url: c.url,
    headers,
    remoteAddress: "127.0.0.1",
    ...(c.payload === undefined ? {} : { payload: c.payload }),
  });
}

beforeAll(async () => {
  callers = await newCallers();
  const [, user, admin] = callers as [Caller, Caller, Caller];
  const asCaller = (caller: Caller) => (method: string, url: string, body?: unknown) =>
    send(caller.jar, {
      label: "",
      method,
      url,
      ...(body === undefined ? {} : { payload: toJson(body) }),
      control: false,
    });
  const { me, ...targets } = await seedRouteTargets(
    test(),
    { user: asCaller(user), admin: asCaller(admin) },
    { label: "Fuzz", code: "FUZZ_1", maxUses: 1000 },
  );
  resources = { ...targets, email: me.email };
});

const short = (text: string | undefined, max = 300) =>
  text === undefined
    ? "(none)"
    : text.length > max
      ? `${text.slice(0, max)}… (${text.length} chars)`
      : text;

/** The API's error body: `{error, message}`, a code of its own and a message. */
function standardError(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    return (
      (ERROR_CODES as readonly unknown[]).includes(parsed.error) &&
      typeof parsed.message === "string"
    );
  } catch {
    return false;
  }
}

describe("fuzz", () => {
  it("answers no malformed request with a 5xx, and refuses control characters with 400", {
    timeout: 420_000,
  }, async () => {
    const operations = [...openApiOperations(test()), ...AUTH_OPERATIONS];
    expect(operations.length).toBeGreaterThan(50);
    const serverErrors: string[] = [];
    const accepted: string[] = [];
    const redirects: string[] = [];
    const nonStandard: string[] = [];
    const origin = new URL(PUBLIC_URL).origin;
    // The admin scope's routes, and the elevation itself (its role check runs on request too).
    const gated = new Set([
      ...test().gatedAdminRoutes.map((r) => `${r.method} ${r.url}`),
      "GET /api/admin/access",
      "POST /api/admin/access",
    ]);
    // The signed-in scope's routes: its gate refuses an anonymous caller on request too.
    const signedIn = new Set(
      Object.entries(contracts)
        .filter(([, contract]) => contract.access === "user")
        .map(([key]) => key),
    );
    let requests = 0;
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      const routeCallers = SESSION_CHANGING.has(key) ? await newCallers() : callers;
      const cases = casesFor(op, resources);
      // The three callers run side by side, each through the cases in order (the anonymous
      // verification resend waits 500 ms per answer; the others need not wait for it).
      const chain = async (caller: Caller) => {
        if (caller.role !== "anonymous" && STREAMS.has(key)) return;
        for (const c of cases) {
          // The admin gate refuses the others before the body is read (the matrix checks it):
          // they get the whole-request cases only.
          if (gated.has(key) && caller.role !== "admin" && c.field) continue;
          if (SESSION_BLIND.has(key) && caller.role !== "anonymous" && c.field) continue;
          let answer = await send(caller.jar, c);
          requests += 1;
          // A per-user limit: go on as a new user (the sign-in lockout is per address, not user).
          if (answer.statusCode === 429 && caller.renew && !key.startsWith("POST /api/auth/")) {
            caller.jar = await caller.renew();
            answer = await send(caller.jar, c);
            requests += 1;
          }
          const line = () =>
            `${caller.role} ${c.method} ${short(c.url, 200)} [${c.label}] payload=${short(c.payload)} → ${answer.statusCode} ${short(answer.body, 500)}`;
          if (answer.statusCode >= 500) serverErrors.push(line());
          else if (answer.statusCode >= 400 && !standardError(answer.body))
            nonStandard.push(line());
          const location = answer.headers.location;
          if (typeof location === "string" && new URL(location, PUBLIC_URL).origin !== origin) {
            redirects.push(line());
          }
          if (c.control) {
            const beforeValidation =
              (gated.has(key) &&
                [401, 403].includes(answer.statusCode) &&
                caller.role !== "admin") ||
              (signedIn.has(key) && answer.statusCode === 401 && caller.role === "anonymous");
            const refused = answer.statusCode === 400 && answer.json().error === "VALIDATION_ERROR";
            if (!refused && !beforeValidation) accepted.push(line());
          }
        }
      };
      await Promise.all(routeCallers.map(chain));
      const restore = PLATFORM_SWITCHES[key];
      if (restore) {
        const admin = callers.find((caller) => caller.role === "admin")!;
        const restored = await send(admin.jar, {
          label: "restore",
          method: "PUT",
          url: restore.url,
          payload: toJson(restore.body),
          control: false,
        });
        expect(restored.statusCode, restored.body).toBe(200);
      }
    }
    expect(requests).toBeGreaterThan(5000);
    const report = [
      ...serverErrors.map((line) => `5xx: ${line}`),
      ...accepted.map((line) => `control character not refused: ${line}`),
      ...redirects.map((line) => `redirect to another origin: ${line}`),
      ...nonStandard.map((line) => `not {error, message}: ${line}`),
    ];
    expect(report, report.join("\n")).toEqual([]);
  });

  it("refuses a traversal spelling at any segment of every /api/auth path with 400, Better Auth unreached", {
    timeout: 180_000,
  }, async () => {
    const base = await test().app.listen({ port: 0, host: "127.0.0.1" });
    const handler = vi.spyOn(test().auth, "handler");
    const paths = [...AUTH_OPERATIONS, ...openApiOperations(test())]
      .filter((op) => op.path.startsWith("/api/auth/"))
      .map((op) => ({ method: op.method, path: op.path.replace(/:\w+/g, "abc") }));
    const wrong: string[] = [];
    try {
      for (const { method, path } of paths) {
        const segments = path.slice("/api/auth/".length).split("/");
        // The spelling after each segment: `a/<up>/x`, `a/b/<up><up>/x`…
        for (let cut = 1; cut <= segments.length; cut++) {
          const from = segments.slice(0, cut).join("/");
          for (const [name, spell] of Object.entries(SPELLINGS)) {
            const url = `/api/auth/${spell(from, segments.slice(cut).join("/") || "update-user")}`;
            for (const caller of callers) {
              handler.mockClear();
              const answer = await sendRaw(base, method, url, {
                cookie: caller.jar
                  ? [...caller.jar].map(([k, v]) => `${k}=${v}`).join("; ")
                  : undefined,
              });
              const reached = handler.mock.calls.length > 0;
              if (answer.status !== 400 || !standardError(answer.body) || reached) {
                wrong.push(
                  `${caller.role} ${method} ${url} (${name}) → ${answer.status} ${short(answer.body)}${reached ? " (reached Better Auth)" : ""}`,
                );
              }
            }
          }
        }
      }
    } finally {
      handler.mockRestore();
    }
    expect(paths.length).toBeGreaterThan(15);
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  it("answers malformed session cookies and Accept-Language headers without a 5xx", async () => {
    const cookies = [
      "fre.session_token=%00",
      `fre.session_token=${"a".repeat(5000)}`,
      "fre.session_token=abc.def",
      "fre.session_token=%ZZ",
      "fre.session_token=a%E2%80%AEb.c",
      "__Secure-fre.session_token=x; fre.session_token=y",
      "fre.session_data=%00",
      "fre.session_token",
      "=;=;",
    ];
    const languages = [
      "%00",
      "x".repeat(5000),
      "*;q=NaN",
      "fr;q=1e309,en;q=-1",
      "zz-ZZ-aaaaaaaa",
      ",",
    ];
    const urls = ["/api/me", "/api/admin/summary", "/api/auth/get-session", "/api/notifications"];
    const failures: string[] = [];
    for (const url of urls) {
      for (const headers of [
        ...cookies.map((cookie) => ({ cookie })),
        ...languages.map((language) => ({ "accept-language": language })),
      ]) {
        const answer = await test().app.inject({
          url,
          headers: { origin: PUBLIC_URL, ...headers },
        });
        if (answer.statusCode >= 500) {
          failures.push(
            `GET ${url} ${JSON.stringify(headers).slice(0, 120)} → ${answer.statusCode}`,
          );
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("refuses a NUL in a sign-up nickname with 400 VALIDATION_ERROR, and creates nobody", async () => {
    const user = uniqueUser("nul");
    const answer = await send(null, {
      label: "",
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: toJson({ ...user, nickname: "ab\u0000cd", name: "ab\u0000cd" }),
      control: true,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error).toBe("VALIDATION_ERROR");
    const signIn = await send(null, {
      label: "",
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: toJson({ email: user.email, password: user.password }),
      control: false,
    });
    expect(signIn.statusCode).toBe(401);
  });

  it("refuses the admin queues' filters carrying control characters or out of bounds with 400; a search of wildcards, quotes or SQL is an ordinary 200", async () => {
    const admin = callers[2]!;
    const queries = [
      "minAmount=1%00",
      "maxAmount=%1B%5B31m5",
      "sort=oldest%00",
      "limit=1e9",
      "offset=-5",
      "limit=1&limit=2",
      `minAmount=${"9".repeat(80)}`,
      // The user search (`q`): a control character, past its 64 characters, empty once trimmed.
      "q=a%00b",
      "q=%1B%5B31m",
      `q=${"a".repeat(65)}`,
      "q=%20%20",
    ];
    for (const [path, own] of [
      ["/api/admin/withdrawals", ["risk=high%0A"]],
      ["/api/admin/kyc", ["status=pending%00"]],
    ] as const) {
      for (const query of [...queries, ...own]) {
        const url = `${path}?${query}`;
        const answer = await send(admin.jar, { label: "", method: "GET", url, control: true });
        expect(answer.statusCode, `${url} ${answer.body}`).toBe(400);
        expect(standardError(answer.body), answer.body).toBe(true);
      }
    }
    // A search made of LIKE's wildcards, quotes or SQL is a plain prefix: a list, never a 5xx
    // (that it matches nobody is checked with requests in the queues, admin-queues.test.ts).
    for (const path of ["/api/admin/withdrawals", "/api/admin/kyc"]) {
      for (const q of [
        "%25",
        "_",
        "%5C",
        "%25%25%5F",
        "'%20OR%201%3D1%20--",
        "%F0%9F%98%80",
        "a%25b",
      ]) {
        const url = `${path}?q=${q}`;
        const answer = await send(admin.jar, { label: "", method: "GET", url, control: false });
        expect(answer.statusCode, `${url} ${answer.body}`).toBe(200);
        expect(Array.isArray(answer.json().items), url).toBe(true);
      }
    }
    for (const path of [`/api/admin/withdrawals/${ZERO_UUID}%00/open`, "/api/admin/kyc/%00/open"]) {
      const answer = await send(admin.jar, { label: "", method: "POST", url: path, control: true });
      expect(answer.statusCode, `${path} ${answer.body}`).toBe(400);
    }
  });

  it("refuses a support ticket carrying a NUL with 400 VALIDATION_ERROR, and stores nothing", async () => {
    const jar = await newUser();
    for (const payload of [
      { subject: "Hello\u0000", message: "A perfectly normal question." },
      { subject: "Hello", message: "A question with \u0000 inside" },
      { subject: "Hello", message: "An escape \u001b[31m sequence" },
    ]) {
      const answer = await send(jar, {
        label: "",
        method: "POST",
        url: "/api/support/tickets",
        payload: toJson(payload),
        control: true,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error).toBe("VALIDATION_ERROR");
    }
    const list = await send(jar, {
      label: "",
      method: "GET",
      url: "/api/support/tickets",
      control: false,
    });
    expect(list.json().items).toEqual([]);
  });
});

describe("fuzz: the proof of work's payload (PROOF_OF_WORK=on, decision 0044)", () => {
  it("answers a malformed or forged ALTCHA payload with a 400, never a 5xx or an account", async () => {
    const pow = await createTestApp({ config: { PROOF_OF_WORK: "on" } });
    try {
      const challenge = (
        await pow.app.inject({ url: "/api/challenge?action=sign-up", remoteAddress: "127.0.0.1" })
      ).json();
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
      const forged = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.base64String({ maxLength: 400 }),
        fc.jsonValue().map(b64),
        fc
          .record({
            counter: fc.oneof(fc.integer(), fc.double(), fc.string()),
            derivedKey: fc.oneof(
              fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 70 }),
              fc.string(),
            ),
          })
          .map((solution) => b64({ challenge, solution })),
        fc.record({ data: fc.jsonValue(), keyPrefix: fc.string(), cost: fc.integer() }).map((p) =>
          b64({
            challenge: { ...challenge, parameters: { ...challenge.parameters, ...p } },
            solution: { counter: 1, derivedKey: "00" },
          }),
        ),
      );
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(forged, async (altcha) => {
          const user = uniqueUser("fzpow");
          const signUp = await pow.app.inject({
            method: "POST",
            url: "/api/auth/sign-up/email",
            headers: { origin: PUBLIC_URL },
            remoteAddress: "127.0.0.1",
            payload: { ...user, name: user.nickname, altcha },
          });
          expect(signUp.statusCode, signUp.body).toBe(400);
          const error = signUp.json().error;
          expect(["CHALLENGE_REQUIRED", "CHALLENGE_INVALID", "VALIDATION_ERROR"]).toContain(error);
          seen.add(error);
        }),
        { seed: SEED, numRuns: 80 },
      );
      // The cases reached the challenge's own checks, not only the body's schema.
      expect(seen.has("CHALLENGE_INVALID")).toBe(true);
    } finally {
      await pow.close();
    }
  });
});
