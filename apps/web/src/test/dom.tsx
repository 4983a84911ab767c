/**
 * The DOM test harness (decision 0065): a screen rendered by Testing Library in happy-dom, with
 * the app's providers (React Query, the router, the French catalogs) and one fake at the
 * network's edge — `fetch` and `XMLHttpRequest`, answering by the routes' contracts in
 * packages/shared. What happy-dom lacks of a browser is supplied: a `Worker` (its script run on
 * the test's thread) and a secure context. A file opts in with `// @vitest-environment happy-dom`
 * on its first line; the other web tests stay in Node.
 */

import { readFileSync } from "node:fs";
import {
  type ApiErrorBody,
  type CallOutput,
  type ContractKey,
  type Contracts,
  contracts,
  type RouteContract,
} from "@fre/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import i18next from "i18next";
import type { ReactElement } from "react";
import { initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, expect, vi } from "vitest";
import type { z } from "zod";

// Every French catalog, at once: a screen's texts are the ones a person reads.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>("../locales/fr/*.json", {
  eager: true,
});
const resources = Object.fromEntries(
  Object.entries(catalogs).map(([path, module]) => [
    path.replace(/^.*\/(\w[\w-]*)\.json$/, "$1"),
    module.default,
  ]),
);
const ready = i18next.use(initReactI18next).init({
  lng: "fr",
  fallbackLng: "fr",
  ns: Object.keys(resources),
  defaultNS: "common",
  resources: { fr: resources },
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

// findBy… and waitFor wait up to 5 s (1 s by default): what a screen shows after an answer
// takes longer when CI runs every suite at once on two cores.
configure({ asyncUtilTimeout: 5000 });

/** One request the screen sent, as the server would read it. */
export interface SentRequest {
  key: ContractKey;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body, parsed (undefined when none was sent). */
  body: unknown;
  headers: Headers;
}

type ErrorReply = { status: number; body: ApiErrorBody };
type Reply<K extends ContractKey> =
  | { status?: number; body: CallOutput<Contracts[K]> }
  | ErrorReply;
type Handler<K extends ContractKey> = (request: SentRequest) => Reply<K> | Promise<Reply<K>>;
export type Handlers = { [K in ContractKey]?: Handler<K> };

const routes = (Object.entries(contracts) as [ContractKey, RouteContract][]).map(
  ([key, contract]) => ({
    key,
    contract,
    method: contract.method,
    names: [...contract.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
    pattern: new RegExp(`^${contract.path.replace(/:\w+/g, "([^/]+)")}$`),
  }),
);

function routeOf(method: string, path: string) {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
    );
    return { ...route, params };
  }
  return undefined;
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === "object" && value !== null && "safeParse" in value;

let problems: string[] = [];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  const found = problems;
  problems = [];
  // A request no handler answers, or an answer the contract refuses, fails the test.
  expect(found).toEqual([]);
});

/**
 * Replaces `fetch` with the API as its contracts describe it: a request's route is found by
 * method and path, its body is checked by the route's body schema (a refused body is answered
 * 400 VALIDATION_ERROR with issues, as the server does), and `handlers` answer the rest. An
 * answer is checked against the contract (the success schema, or a status the route declares),
 * so a stub cannot answer what the real API never would. `XMLHttpRequest` (the KYC photo upload,
 * for its progress) is answered by the same handlers; its multipart body is the `FormData` sent.
 */
export function stubApi(handlers: Handlers) {
  const sent: SentRequest[] = [];
  const answer = async (
    method: string,
    url: URL,
    headers: Headers,
    body: unknown,
  ): Promise<{ status: number; body: unknown }> => {
    const route = routeOf(method, url.pathname);
    if (!route) {
      problems.push(`no contract for ${method} ${url.pathname}`);
      return { status: 404, body: { error: "NOT_FOUND", message: "no contract" } };
    }
    const request: SentRequest = {
      key: route.key,
      params: route.params,
      query: url.searchParams,
      body,
      headers,
    };
    sent.push(request);
    const refused = (issues: z.core.$ZodIssue[]) => ({
      status: 400,
      body: {
        error: "VALIDATION_ERROR",
        message: "La requête est invalide.",
        issues: issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      },
    });
    if (isSchema(route.contract.headers)) {
      const parsed = route.contract.headers.safeParse(Object.fromEntries(headers.entries()));
      if (!parsed.success) return refused(parsed.error.issues);
    }
    if (isSchema(route.contract.body)) {
      const parsed = route.contract.body.safeParse(body ?? {});
      if (!parsed.success) return refused(parsed.error.issues);
    }
    const handler = handlers[route.key] as Handler<ContractKey> | undefined;
    if (!handler) {
      problems.push(`unexpected request ${route.key}`);
      return { status: 500, body: { error: "INTERNAL_ERROR", message: "unexpected request" } };
    }
    const reply = await handler(request);
    const status = reply.status ?? route.contract.status ?? 200;
    if (status >= 400) {
      // A 5xx may come from any route (a fault); a 4xx only from the ones it declares.
      if (status < 500 && !route.contract.errors.includes(status)) {
        problems.push(`${route.key} never answers ${status}`);
      }
    } else if (isSchema(route.contract.response)) {
      const parsed = route.contract.response.safeParse(reply.body);
      if (!parsed.success) problems.push(`${route.key} answer off contract: ${parsed.error}`);
    }
    return { status, body: reply.body };
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://fre.test");
      const method = (init.method ?? "GET").toUpperCase();
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const reply = await answer(method, url, new Headers(init.headers), body);
      return json(reply.status, reply.body);
    }),
  );
  vi.stubGlobal("XMLHttpRequest", fakeXhr(answer));
  return {
    /** Every request sent, in order. */
    sent,
    /** The requests sent to one route. */
    to: (key: ContractKey) => sent.filter((request) => request.key === key),
  };
}

type Answer = (
  method: string,
  url: URL,
  headers: Headers,
  body: unknown,
) => Promise<{ status: number; body: unknown }>;

/**
 * An `XMLHttpRequest` answered by `answer`: the upload's progress is reported once (every byte
 * sent), then `load`; `abort()` before the answer fires `abort` and drops the answer.
 */
function fakeXhr(answer: Answer) {
  return class FakeXmlHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    withCredentials = false;
    status = 0;
    responseText = "";
    private method = "GET";
    private url = "";
    private readonly headers = new Headers();
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      this.dispatchEvent(new Event("abort"));
    }
    send(body?: Document | XMLHttpRequestBodyInit | null) {
      const size =
        body instanceof FormData
          ? [...body.values()].reduce((n, v) => n + (typeof v === "string" ? v.length : v.size), 0)
          : 0;
      const url = new URL(this.url, "http://fre.test");
      void (async () => {
        await Promise.resolve();
        if (this.aborted) return;
        this.upload.dispatchEvent(
          new ProgressEvent("progress", { lengthComputable: true, loaded: size, total: size }),
        );
        const reply = await answer(this.method, url, this.headers, body ?? undefined);
        if (this.aborted) return;
        this.status = reply.status;
        this.responseText = reply.status === 204 ? "" : JSON.stringify(reply.body);
        this.dispatchEvent(new Event("load"));
      })();
    }
  };
}

/**
 * happy-dom has no `Worker`: a worker script (the URL the bundler gives a `?url` import, such as
 * ALTCHA's solver, `/@fs/…/sha.js`) runs on the test's thread instead, each instance with its
 * own `self`, messages going both ways asynchronously as between threads.
 */
class ThreadWorker extends EventTarget {
  onmessage: ((event: MessageEvent) => void) | null = null;
  private readonly scope: {
    onmessage: ((event: { data: unknown }) => void) | null;
    postMessage: (data: unknown) => void;
  };
  private terminated = false;

  constructor(url: string | URL) {
    super();
    const path = decodeURIComponent(new URL(String(url), "http://fre.test").pathname).replace(
      /^\/@fs/,
      "",
    );
    this.scope = {
      onmessage: null,
      postMessage: (data) =>
        setTimeout(() => {
          if (this.terminated) return;
          const event = new MessageEvent("message", { data });
          this.onmessage?.(event);
          this.dispatchEvent(event);
        }, 0),
    };
    new Function("self", readFileSync(path, "utf8"))(this.scope);
  }
  postMessage(data: unknown) {
    setTimeout(() => {
      if (!this.terminated) this.scope.onmessage?.({ data });
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

/** An `{error, message}` answer (the message is what the server would say in French). */
export const refuse = (status: number, error: string, message: string): ErrorReply => ({
  status,
  body: { error, message },
});

/**
 * Renders a screen with the app's providers (a fresh query client without retries, a router at
 * `route`) and a user driving it. `seed` fills the cache before the first render.
 */
export async function renderScreen(
  element: ReactElement,
  { route = "/", seed }: { route?: string; seed?: (client: QueryClient) => void } = {},
) {
  await ready;
  // What a browser has and happy-dom lacks: workers, and a secure context (FRE is served over
  // HTTPS; the ALTCHA widget and Web Crypto ask for one).
  if (typeof Worker === "undefined") vi.stubGlobal("Worker", ThreadWorker);
  if (!("isSecureContext" in globalThis)) vi.stubGlobal("isSecureContext", true);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  seed?.(queryClient);
  // No pause between keystrokes: a form is filled in milliseconds, not seconds.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}
