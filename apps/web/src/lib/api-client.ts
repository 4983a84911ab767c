import type { ApiErrorBody } from "@fre/shared";
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

/** JSON call to our API with the session cookie and the UI language. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": i18n.resolvedLanguage ?? storedLanguage(),
  };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? "GET",
      credentials: "include",
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, { error: "NETWORK_ERROR", message: i18n.t("common:errors.network") });
  }

  if (!response.ok) throw new ApiError(response.status, await errorBody(response));
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: "POST", body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};
