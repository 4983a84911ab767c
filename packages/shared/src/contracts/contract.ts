import type { z } from "zod";

/**
 * One API route, declared once: the server registers its validation, serialization and OpenAPI
 * from it (apps/server/src/http/contract-route.ts) and the web calls it through one typed client
 * (apps/web/src/lib/api-client.ts `api.call`), so neither side writes the other's types by hand.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call: anyone, a signed-in user (the signed-in scope's gate sets the viewer), or an
 * elevated admin (the admin scope's gate). The server refuses to register a route in a scope
 * that does not match its contract.
 */
export type Access = "public" | "user" | "admin";

/** The answer's body: a JSON schema, `null` for 204 No Content, or raw bytes (images). */
export type ResponseBody = z.ZodType | null | { binary: string };

export interface RouteContract {
  method: Method;
  /** Fastify's path syntax: `/api/kyc/files/:slot`. */
  path: string;
  access: Access;
  /** OpenAPI grouping. */
  tag: string;
  summary?: string;
  params?: z.ZodType;
  /** Request headers the route reads (an `Idempotency-Key`). */
  headers?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (200 by default; a handler may still answer 200 on a 201 route). */
  status?: 200 | 201 | 202 | 204;
  response: ResponseBody;
  /** The `{error, message}` answers it may give, by status. */
  errors: readonly number[];
}

/** A contract, kept with its literal method and path (its key is `${method} ${path}`). */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

export type ContractKeyOf<C> = C extends {
  method: infer M extends string;
  path: infer P extends string;
}
  ? `${M} ${P}`
  : never;

/** A module's contracts keyed by `"METHOD /path"`: the one name both sides use for a route. */
export function defineContracts<const T extends readonly RouteContract[]>(
  list: T,
): { [C in T[number] as ContractKeyOf<C>]: C } {
  return Object.fromEntries(list.map((c) => [`${c.method} ${c.path}`, c])) as never;
}

type Field<C, F extends "params" | "headers" | "query" | "body"> = C extends {
  [K in F]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** A query value as the browser sends it: numbers and booleans may travel as strings. */
type QueryValue<I, O> = unknown extends I
  ? O extends number
    ? number | string
    : O extends boolean
      ? boolean
      : O
  : I;

type QueryInput<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]: QueryValue<
    z.input<Q>[K],
    K extends keyof z.output<Q> ? z.output<Q>[K] : never
  >;
};

/** True when every field of T may be left out. */
export type AllOptional<T> = Partial<T> extends T ? true : false;

/** What a caller gives: `{params, query, body}`, each present only when the route has one. */
export type CallInput<C> = (Field<C, "params"> extends z.ZodType
  ? { params: z.input<Field<C, "params">> }
  : { params?: undefined }) &
  (Field<C, "headers"> extends z.ZodType
    ? { headers: z.input<Field<C, "headers">> }
    : { headers?: undefined }) &
  (Field<C, "query"> extends z.ZodType
    ? AllOptional<QueryInput<Field<C, "query">>> extends true
      ? { query?: QueryInput<Field<C, "query">> }
      : { query: QueryInput<Field<C, "query">> }
    : { query?: undefined }) &
  (Field<C, "body"> extends z.ZodType
    ? AllOptional<z.input<Field<C, "body">>> extends true
      ? { body?: z.input<Field<C, "body">> }
      : { body: z.input<Field<C, "body">> }
    : { body?: undefined });

/** What the route answers on success, as the client reads it (JSON of the schema's output). */
export type CallOutput<C> = C extends { response: infer R }
  ? R extends z.ZodType
    ? z.output<R>
    : R extends null
      ? undefined
      : Blob
  : never;

/** What the server's handler receives, validated and transformed. */
export type HandlerInput<C> = {
  params: Field<C, "params"> extends z.ZodType ? z.output<Field<C, "params">> : undefined;
  headers: Field<C, "headers"> extends z.ZodType ? z.output<Field<C, "headers">> : undefined;
  query: Field<C, "query"> extends z.ZodType ? z.output<Field<C, "query">> : undefined;
  body: Field<C, "body"> extends z.ZodType ? z.output<Field<C, "body">> : undefined;
};

/** What the server's handler returns: the response schema's input (the serializer parses it). */
export type HandlerOutput<C> = C extends { response: infer R }
  ? R extends z.ZodType
    ? z.input<R>
    : R extends null
      ? // biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler may just return (Promise<void>)
        undefined | null | void
      : unknown
  : never;

/** Fills `:name` segments with the given params, each URI-encoded. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    encodeURIComponent(String(params[name])),
  );
}

/** The query string of a call, keys in the order given, `undefined` and `null` left out. */
export function queryStringOf(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
