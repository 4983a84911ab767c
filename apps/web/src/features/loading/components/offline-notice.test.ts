import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { isOfflineError } from "./offline-notice";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("isOfflineError", () => {
  it("recognises a request without an answer and a route chunk that did not load", () => {
    vi.stubGlobal("navigator", { onLine: true });
    expect(isOfflineError(new ApiError(0, { error: "NETWORK_ERROR", message: "x" }))).toBe(true);
    expect(
      isOfflineError(
        new TypeError("Failed to fetch dynamically imported module: http://x/assets/a.js"),
      ),
    ).toBe(true);
    expect(isOfflineError(new TypeError("Importing a module script failed."))).toBe(true);
  });

  it("leaves other failures to the error screen while online", () => {
    vi.stubGlobal("navigator", { onLine: true });
    expect(isOfflineError(new ApiError(500, { error: "INTERNAL_ERROR", message: "x" }))).toBe(
      false,
    );
    expect(isOfflineError(new TypeError("x is not a function"))).toBe(false);
    expect(isOfflineError(new Error("boom"))).toBe(false);
  });

  it("treats any failure as offline while the browser says it is", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(isOfflineError(new Error("boom"))).toBe(true);
  });
});
