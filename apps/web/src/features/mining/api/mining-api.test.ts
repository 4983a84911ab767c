import { afterEach, describe, expect, it, vi } from "vitest";
import { startMining } from "./mining-api";

const state = { session: null, serverTime: new Date().toISOString() };

function answers(...bodies: [number, unknown][]) {
  const queue = [...bodies];
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const [status, body] = queue.shift() ?? [500, {}];
    return new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
}

const altchaOf = (init: RequestInit | undefined) =>
  ((init?.headers ?? {}) as Record<string, string>)["x-altcha"];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("startMining (proof of work, decision 0044)", () => {
  it("solves a mining-start proof before the first-ever start and sends it in X-Altcha", async () => {
    const fetchMock = answers([200, state]);
    vi.stubGlobal("fetch", fetchMock);
    const solve = vi.fn(async () => "c29sdmVk");
    await startMining(true, solve);
    expect(solve).toHaveBeenCalledTimes(1);
    expect(altchaOf(fetchMock.mock.calls[0]?.[1])).toBe("c29sdmVk");
  });

  it("sends no proof for a returning miner, and solves one only when the server asks", async () => {
    const fetchMock = answers([200, state]);
    vi.stubGlobal("fetch", fetchMock);
    const solve = vi.fn(async () => "c29sdmVk");
    await startMining(false, solve);
    expect(solve).not.toHaveBeenCalled();
    expect(altchaOf(fetchMock.mock.calls[0]?.[1])).toBeUndefined();

    const asked = answers([400, { error: "CHALLENGE_REQUIRED", message: "…" }], [200, state]);
    vi.stubGlobal("fetch", asked);
    await startMining(false, solve);
    expect(solve).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledTimes(2);
    expect(altchaOf(asked.mock.calls[1]?.[1])).toBe("c29sdmVk");
  });

  it("does not retry another refusal", async () => {
    vi.stubGlobal("fetch", answers([409, { error: "MINING_SESSION_ACTIVE", message: "…" }]));
    const solve = vi.fn(async () => "c29sdmVk");
    await expect(startMining(false, solve)).rejects.toMatchObject({
      error: "MINING_SESSION_ACTIVE",
    });
    expect(solve).not.toHaveBeenCalled();
  });
});
