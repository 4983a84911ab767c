import { afterEach, describe, expect, it, vi } from "vitest";
import { adminKeys } from "../../../lib/admin-access";
import { ApiError } from "../../../lib/api-client";
import {
  adminRiskKeys,
  adminUserRiskQueryOptions,
  riskActionMutation,
  runRiskMutation,
  saveRiskSettingsMutation,
} from "./admin-risk-api";
import { adminUsersQueryOptions } from "./admin-users-api";

const USER = "00000000-0000-4000-8000-00000000000a";

function respond(status: number, body: unknown) {
  const mock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal("fetch", mock);
  return mock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const context = <P>(pageParam: P) =>
  ({ pageParam, signal: new AbortController().signal, queryKey: [], meta: undefined }) as never;

describe("admin risk API", () => {
  it("asks the users list for the review queue and keys each filter apart", async () => {
    const fetchMock = respond(200, { items: [], nextCursor: null });
    const queue = adminUsersQueryOptions("", "high");
    await queue.queryFn?.(context(undefined));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/admin/users?risk=high");
    expect(queue.queryKey).not.toEqual(adminUsersQueryOptions("", undefined).queryKey);
    expect(queue.queryKey.slice(0, 3)).toEqual(adminKeys.userLists);
  });

  it("keeps a user's risk under the users key (a suspension reads it again)", () => {
    const key = adminUserRiskQueryOptions(USER).queryKey;
    expect(key).toEqual(adminRiskKeys.user(USER));
    expect(key.slice(0, 2)).toEqual(adminKeys.users);
  });

  it("sends the action by name and answers the new risk", async () => {
    const fetchMock = respond(200, { score: 1 });
    await expect(
      riskActionMutation(USER).mutationFn?.("withhold-referral-bonus", undefined as never),
    ).resolves.toEqual({ score: 1 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe(`/api/admin/users/${USER}/risk/actions`);
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"action":"withhold-referral-bonus"}');
  });

  it("puts the settings and reports a busy run with the server's message", async () => {
    const put = respond(200, {});
    await saveRiskSettingsMutation().mutationFn?.({ mediumAt: 30 } as never, undefined as never);
    expect(put.mock.calls[0]?.[1]?.method).toBe("PUT");
    respond(409, { error: "RISK_RUN_BUSY", message: "Un calcul est déjà en cours." });
    const error = await runRiskMutation()
      .mutationFn?.(undefined, undefined as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Un calcul est déjà en cours.");
  });
});
