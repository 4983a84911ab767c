import { describe, expect, it } from "vitest";
import { isAdminPath } from "../features/admin/hooks/use-admin-exit";
import { returnPath } from "./guards";

describe("returnPath", () => {
  it("goes back to the guarded page with its query and hash", () => {
    expect(returnPath({ from: { pathname: "/wallet", search: "?tab=1", hash: "#top" } })).toBe(
      "/wallet?tab=1#top",
    );
  });

  it("defaults to /dashboard", () => {
    expect(returnPath(null)).toBe("/dashboard");
    expect(returnPath({})).toBe("/dashboard");
  });

  it("never leaves the site", () => {
    expect(returnPath({ from: { pathname: "//evil.example/x" } })).toBe("/dashboard");
    expect(returnPath({ from: { pathname: "https://evil.example" } })).toBe("/dashboard");
  });
});

describe("isAdminPath", () => {
  it("covers /admin and its sub-pages only", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/security")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
    expect(isAdminPath("/dashboard")).toBe(false);
  });
});
