import {
  type AllOptional,
  type ApiErrorBody,
  type CallInput,
  type CallOutput,
  type ContractKey,
  type Contracts,
  pathOf,
  queryStringOf,
} from "@fre/shared";
import { i18n } from "./i18n";
import { storedLanguage } from "./languages";

/** A non-2xx answer (or no answer at all: status 0) from our API. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly retryAfter: number | undefined;
  readonly issues: ApiErrorBody["issues"];

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.error = body.error;
    this.retryAfter = body.retryAfter;
    this.issues = body.issues;
  }
}

export function isApiError(value: unknown, code?: string): value is ApiError {
  return value instanceof ApiError && (code === undefined || value.error === code);
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequest {
  method?: Method;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function errorBody(response: Response): Promise<ApiErrorBody> {
  const fallback: ApiErrorBody = {
    error: response.status >= 500 ? "INTERNAL_ERROR" : "HTTP_ERROR",
    message: i18n.t("common:errors.generic"),
  };
  try {
    const body = (await response.json()) as Partial<ApiErrorBody> | null;
    if (body && typeof body.error === "string") {
      return {
        error: body.error,
        message: typeof body.message === "string" && body.message ? body.message : fallback.message,
        retryAfter: body.retryAfter ?? parseRetryAfter(response.headers.get("Retry-After")),
        issues: body.issues,
      };
    }
  } catch {
    // Not JSON (proxy error page, empty body): keep the translated generic message.
  }
  return { ...fallback, retryAfter: parseRetryAfter(response.headers.get("Retry-After")) };
}

/**
 * A GET that public/boot.js sent with the HTML (see app/route-preload.ts): the times bracket
 * the server's answer, as a request made here would.
 */
export interface EarlyRequest {
  sentAt: number;
  receivedAt: number | undefined;
  response: Promise<Response>;
}

declare global {
  // The boot script's table (window.__freEarly); on the server, the answers a render adopts
  // (server-render.tsx).
  var __freEarly: Record<string, EarlyRequest | undefined> | undefined;
}

/** Past this age an early answer is not adopted: the screen that wanted it is long gone. */
export const EARLY_MAX_AGE_MS = 30_000;

/**
 * Takes the boot script's request for `path` (path and query, verbatim), once: whoever asks
 * first adopts its answer and every later call asks the server.
 */
export function takeEarlyRequest(path: string): EarlyRequest | undefined {
  const early = globalThis.__freEarly;
  const request = early?.[path];
  if (!early || !request) return undefined;
  delete early[path];
  return Date.now() - request.sentAt <= EARLY_MAX_AGE_MS ? request : undefined;
}

/** True while the boot script's request for `path` waits to be adopted. */
export function hasEarlyRequest(path: string): boolean {
  const request = globalThis.__freEarly?.[path];
  return request !== undefined && Date.now() - request.sentAt <= EARLY_MAX_AGE_MS;
}

/** No answer at all (offline, server unreachable): what every caller gets, status 0. */
export function networkError(): ApiError {
  return new ApiError(0, { error: "NETWORK_ERROR", message: i18n.t("common:errors.network") });
}

/** True for a request that got no answer (the device or the server is unreachable). */
export function isNetworkError(value: unknown): boolean {
  return value instanceof ApiError && value.status === 0;
}

function abortError(): DOMException {
  return new DOMException("The operation was aborted.", "AbortError");
}

/** `response`, or an AbortError as soon as `signal` aborts (the answer is then dropped). */
function untilAborted(response: Promise<Response>, signal: AbortSignal | undefined) {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener("abort", onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

async function settle<T>(pending: Promise<Response>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await untilAborted(pending, signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }
  if (!response.ok) throw new ApiError(response.status, await errorBody(response));
  if (response.status === 204) return undefined as T;
  // A route whose contract answers bytes (an image): the caller gets a Blob.
  const type = response.headers.get("Content-Type");
  if (type && /^(image|audio|video)\/|octet-stream/.test(type)) return (await response.blob()) as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The answer to an early request, read as apiRequest reads its own. */
export function readEarly<T>(request: EarlyRequest, signal?: AbortSignal): Promise<T> {
  return settle<T>(request.response, signal);
}

/** JSON call to our API with the session cookie and the UI language. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? "GET";
  const early = method === "GET" ? takeEarlyRequest(path) : undefined;
  if (early) return readEarly<T>(early, request.signal);

  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": i18n.resolvedLanguage ?? storedLanguage(),
  };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (request.headers) Object.assign(headers, request.headers);
  const pending = fetch(path, {
    method,
    credentials: "include",
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  return settle<T>(pending);
}

/** The arguments of a call: the input may be left out when the route needs none. */
type CallArgs<K extends ContractKey> =
  AllOptional<CallInput<Contracts[K]>> extends true
    ? [input?: CallInput<Contracts[K]>, signal?: AbortSignal]
    : [input: CallInput<Contracts[K]>, signal?: AbortSignal];

/** The URL a call asks for: the contract's path with its params, then its query. */
export function urlOf<K extends ContractKey>(key: K, input?: CallInput<Contracts[K]>): string {
  const path = key.slice(key.indexOf(" ") + 1);
  const { params, query } = (input ?? {}) as { params?: object; query?: object };
  return (
    pathOf(path, params as Record<string, unknown> | undefined) +
    queryStringOf(query as Record<string, unknown> | undefined)
  );
}

/**
 * Calls the route its contract names (`"GET /api/wallet/ledger"`, see packages/shared's
 * contracts): the input and the answer are typed from the contract, never written here.
 */
function call<K extends ContractKey>(
  key: K,
  ...[input, signal]: CallArgs<K>
): Promise<CallOutput<Contracts[K]>> {
  const method = key.slice(0, key.indexOf(" ")) as Method;
  const { body, headers } = (input ?? {}) as { body?: unknown; headers?: Record<string, string> };
  return apiRequest(urlOf(key, input), {
    method,
    body: body === undefined && method !== "GET" && method !== "DELETE" ? {} : body,
    headers,
    signal,
  });
}

/** The one way the app calls its API: by a route's contract. */
export const api = { call };
