import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api-client";

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client", () => {
  it("sends JSON with the session cookie and the UI language", async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal("fetch", fetchMock);
    await expect(api.post("/api/x", { a: 1 })).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/x");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    const headers = init?.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["Accept-Language"]).toBeTruthy();
  });

  it("returns undefined for 204", async () => {
    vi.stubGlobal("fetch", respond(204));
    await expect(api.delete("/api/admin/access")).resolves.toBeUndefined();
  });

  it("throws ApiError with the server's code, message and retryAfter", async () => {
    vi.stubGlobal(
      "fetch",
      respond(429, { error: "VERIFICATION_COOLDOWN", message: "Patientez", retryAfter: 42 }),
    );
    const error = await api.post("/api/auth/send-verification-email").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      error: "VERIFICATION_COOLDOWN",
      message: "Patientez",
      retryAfter: 42,
    });
  });

  it("falls back to the Retry-After header and a generic error for non-JSON bodies", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response("<html>bad gateway</html>", {
            status: 502,
            headers: { "Retry-After": "7" },
          }),
      ),
    );
    const error = await api.get("/api/me").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, error: "INTERNAL_ERROR", retryAfter: 7 });
  });

  it("turns a network failure into status 0 NETWORK_ERROR", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(api.get("/api/me")).rejects.toMatchObject({ status: 0, error: "NETWORK_ERROR" });
  });
});
