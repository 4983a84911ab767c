import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, EARLY_MAX_AGE_MS, type EarlyRequest, hasEarlyRequest } from "./api-client";

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
    await expect(
      api.call("POST /api/bonus-codes/redeem", { body: { code: "WELCOME" } }),
    ).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/bonus-codes/redeem");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"code":"WELCOME"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["Accept-Language"]).toBeTruthy();
  });

  it("answers a Blob for a route whose contract sends bytes", async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Uint8Array([1, 2, 3]), { headers: { "Content-Type": "image/webp" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const userId = "00000000-0000-4000-8000-000000000001";
    const photo = await api.call("GET /api/admin/kyc/:userId/files/:slot", {
      params: { userId, slot: "selfie" },
    });
    expect(photo).toBeInstanceOf(Blob);
    expect(photo.size).toBe(3);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/admin/kyc/${userId}/files/selfie`);
  });

  it("returns undefined for 204", async () => {
    vi.stubGlobal("fetch", respond(204));
    await expect(api.call("DELETE /api/admin/access")).resolves.toBeUndefined();
  });

  it("throws ApiError with the server's code, message and retryAfter", async () => {
    vi.stubGlobal(
      "fetch",
      respond(429, { error: "VERIFICATION_COOLDOWN", message: "Patientez", retryAfter: 42 }),
    );
    const error = await api
      .call("POST /api/auth/send-verification-email", { body: { email: "a@example.com" } })
      .catch((e: unknown) => e);
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
    const error = await api.call("GET /api/me").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, error: "INTERNAL_ERROR", retryAfter: 7 });
  });

  it("turns a network failure into status 0 NETWORK_ERROR", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(api.call("GET /api/me")).rejects.toMatchObject({
      status: 0,
      error: "NETWORK_ERROR",
    });
  });
});

describe("requests sent by boot.js with the HTML", () => {
  function early(response: Promise<Response>, sentAt = Date.now()): EarlyRequest {
    return { sentAt, receivedAt: sentAt + 5, response };
  }
  function withEarly(requests: Record<string, EarlyRequest>) {
    vi.stubGlobal("__freEarly", requests);
  }

  it("are adopted once by the first GET of the same path and query; later ones ask the server", async () => {
    withEarly({
      "/api/wallet/ledger?limit=20": early(Promise.resolve(Response.json({ from: "boot" }))),
    });
    const fetchMock = respond(200, { from: "network" });
    vi.stubGlobal("fetch", fetchMock);
    expect(hasEarlyRequest("/api/wallet/ledger?limit=20")).toBe(true);
    expect(hasEarlyRequest("/api/wallet/ledger")).toBe(false);
    await expect(api.call("GET /api/wallet/ledger", { query: { limit: 20 } })).resolves.toEqual({
      from: "boot",
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hasEarlyRequest("/api/wallet/ledger?limit=20")).toBe(false);
    await expect(api.call("GET /api/wallet/ledger", { query: { limit: 20 } })).resolves.toEqual({
      from: "network",
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("answer errors and network failures as the app's own requests do", async () => {
    withEarly({
      "/api/me": early(
        Promise.resolve(Response.json({ error: "UNAUTHORIZED", message: "Non" }, { status: 401 })),
      ),
      "/api/mining": early(Promise.reject(new TypeError("Failed to fetch"))),
    });
    vi.stubGlobal("fetch", respond(200, {}));
    await expect(api.call("GET /api/me")).rejects.toMatchObject({
      status: 401,
      error: "UNAUTHORIZED",
    });
    await expect(api.call("GET /api/mining")).rejects.toMatchObject({
      status: 0,
      error: "NETWORK_ERROR",
    });
  });

  it("are never used for a write, nor once too old", async () => {
    withEarly({
      "/api/admin/access": early(Promise.resolve(Response.json({ from: "boot" }))),
      "/api/wallet": early(
        Promise.resolve(Response.json({ from: "boot" })),
        Date.now() - EARLY_MAX_AGE_MS - 1,
      ),
    });
    const fetchMock = respond(200, { from: "network" });
    vi.stubGlobal("fetch", fetchMock);
    await expect(
      api.call("POST /api/admin/access", { body: { code: "0123456789" } }),
    ).resolves.toEqual({ from: "network" });
    expect(hasEarlyRequest("/api/admin/access")).toBe(true);
    expect(hasEarlyRequest("/api/wallet")).toBe(false);
    await expect(api.call("GET /api/wallet")).resolves.toEqual({ from: "network" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("stop waiting when the caller aborts", async () => {
    withEarly({ "/api/leaderboard": early(new Promise<Response>(() => undefined)) });
    const controller = new AbortController();
    const pending = api.call("GET /api/leaderboard", undefined, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
