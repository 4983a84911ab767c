import { mkdtempSync } from "node:fs";
import { Agent, createServer, get } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfSignedCertificate } from "../../../test/fake-push-service.ts";
import {
  canonicalHost,
  endpointAllowance,
  guardedLookup,
  guardedPushAgent,
  isPublicAddress,
  NOT_443,
  NOT_PUBLIC,
  PushEndpointRefused,
  pushEndpointProblem,
  type ResolveAll,
} from "./push-endpoint.ts";

describe("isPublicAddress", () => {
  it.each([
    // IPv4 refused
    ["0.0.0.0", false],
    ["0.1.2.3", false],
    ["10.0.0.1", false],
    ["10.255.255.255", false],
    ["100.64.0.1", false],
    ["100.127.255.254", false],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["169.254.169.254", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.0.0.8", false],
    ["192.0.2.10", false],
    ["192.88.99.1", false],
    ["192.168.1.1", false],
    ["198.18.0.1", false],
    ["198.19.255.255", false],
    ["198.51.100.7", false],
    ["203.0.113.9", false],
    ["224.0.0.1", false],
    ["239.255.255.250", false],
    ["240.0.0.1", false],
    ["255.255.255.255", false],
    // IPv4 public (including the neighbours of refused ranges)
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["9.255.255.255", true],
    ["11.0.0.0", true],
    ["100.63.255.255", true],
    ["100.128.0.0", true],
    ["126.255.255.255", true],
    ["128.0.0.1", true],
    ["169.253.255.255", true],
    ["172.15.255.255", true],
    ["172.32.0.0", true],
    ["192.167.255.255", true],
    ["192.169.0.0", true],
    ["198.17.255.255", true],
    ["198.20.0.0", true],
    ["223.255.255.255", true],
    ["142.250.74.78", true],
    // IPv6 refused
    ["::", false],
    ["::1", false],
    ["0:0:0:0:0:0:0:1", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["febf::1", false],
    ["fec0::1", false],
    ["ff02::1", false],
    ["ff05::1:3", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["::ffff:a9fe:a9fe", false],
    ["::127.0.0.1", false],
    ["::8.8.8.8", false],
    ["64:ff9b::127.0.0.1", false],
    ["64:ff9b::a9fe:a9fe", false],
    ["64:ff9b::10.1.2.3", false],
    ["64:ff9b:1::8.8.8.8", false],
    ["2001:db8::1", false],
    ["2001:0db8:85a3::8a2e:370:7334", false],
    ["2001::1", false],
    ["2001:2::1", false],
    ["2002:7f00:1::1", false],
    ["2002:c0a8:101::1", false],
    ["3fff::1", false],
    ["100::1", false],
    ["4000::1", false],
    // IPv6 public
    ["2001:4860:4860::8888", true],
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4007:80f::200a", true],
    ["2001:200::1", true],
    ["::ffff:8.8.8.8", true],
    ["::ffff:808:808", true],
    ["64:ff9b::8.8.8.8", true],
    ["2002:808:808::1", true],
    ["3fff:1000::1", true],
    // Not an address
    ["localhost", false],
    ["", false],
    ["1.2.3", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("canonicalHost", () => {
  it.each([
    ["EXAMPLE.com", "example.com"],
    ["[::1]", "[::1]"],
    ["::1", "[::1]"],
    ["::ffff:127.0.0.1", "[::ffff:7f00:1]"],
    ["0x7f.1", "127.0.0.1"],
    ["2130706433", "127.0.0.1"],
  ])("%s → %s", (host, expected) => {
    expect(canonicalHost(host)).toBe(expected);
  });
});

describe("endpointAllowance", () => {
  const allowed = endpointAllowance(["127.0.0.1:8443", "push.local", "[::1]:9000", "::2", "bad:x"]);
  it.each([
    ["127.0.0.1", 8443, true],
    ["127.0.0.1", 443, false],
    ["127.0.0.1", 8444, false],
    ["push.local", 443, true],
    ["PUSH.local", 1234, true],
    ["other.local", 443, false],
    ["[::1]", 9000, true],
    ["::1", 9000, true],
    ["[::1]", 443, false],
    ["::2", 443, true],
    ["[::2]", 1, true],
    ["bad", 443, false],
  ])("%s:%s → %s", (host, port, expected) => {
    expect(allowed(host, port)).toBe(expected);
  });
  it("allows nothing when empty", () => {
    expect(endpointAllowance([])("127.0.0.1", 443)).toBe(false);
  });
});

describe("pushEndpointProblem", () => {
  const dns: Record<string, string[]> = {
    "fcm.googleapis.com": ["142.250.74.78", "2a00:1450:4007:80f::200a"],
    "mixed.test": ["8.8.8.8", "10.0.0.1"],
    "rebound.test": ["127.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "empty.test": [],
  };
  const resolve: ResolveAll = async (host) => {
    const addresses = dns[host];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address }));
  };
  const none = endpointAllowance([]);
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc", null],
    ["https://fcm.googleapis.com:443/fcm/send/abc", null],
    ["https://8.8.8.8/x", null],
    ["https://[2001:4860:4860::8888]/x", null],
    ["https://fcm.googleapis.com:8443/x", NOT_443],
    ["https://8.8.8.8:22/x", NOT_443],
    ["https://mixed.test/x", NOT_PUBLIC],
    ["https://rebound.test/x", NOT_PUBLIC],
    ["https://metadata.test/x", NOT_PUBLIC],
    ["https://empty.test/x", NOT_PUBLIC],
    ["https://nowhere.test/x", NOT_PUBLIC],
    ["https://127.0.0.1/x", NOT_PUBLIC],
    ["https://0x7f.1/x", NOT_PUBLIC],
    ["https://2130706433/x", NOT_PUBLIC],
    ["https://169.254.169.254/latest/meta-data", NOT_PUBLIC],
    ["https://[::1]/x", NOT_PUBLIC],
    ["https://[::ffff:127.0.0.1]/x", NOT_PUBLIC],
    ["https://[64:ff9b::a9fe:a9fe]/x", NOT_PUBLIC],
    ["http://8.8.8.8/x", "must be an https URL"],
    ["not a url", "must be a URL"],
  ])("%s → %s", async (endpoint, expected) => {
    expect(await pushEndpointProblem(endpoint, none, resolve)).toBe(expected);
  });

  it("lets PUSH_ENDPOINT_ALLOW hosts through, on their port or any port", async () => {
    const allowed = endpointAllowance(["127.0.0.1:8443", "rebound.test"]);
    expect(await pushEndpointProblem("https://127.0.0.1:8443/x", allowed, resolve)).toBeNull();
    expect(await pushEndpointProblem("https://127.0.0.1:8444/x", allowed, resolve)).toBe(NOT_443);
    expect(await pushEndpointProblem("https://127.0.0.1/x", allowed, resolve)).toBe(NOT_PUBLIC);
    expect(await pushEndpointProblem("https://rebound.test:1234/x", allowed, resolve)).toBeNull();
  });

  it("refuses localhost through the system resolver", async () => {
    expect(await pushEndpointProblem("https://localhost/x", none)).toBe(NOT_PUBLIC);
  });
});

describe("guardedLookup", () => {
  const fake = (addresses: { address: string; family: number }[]) =>
    // biome-ignore lint/suspicious/noExplicitAny: stands in for dns.lookup's overloads
    ((_host: string, _options: unknown, callback: any) =>
      callback(null, addresses)) as unknown as typeof import("node:dns").lookup;
  const run = (lookup: ReturnType<typeof guardedLookup>, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
      lookup("host.test", { all }, (error, address, family) => resolve({ error, address, family })),
    );

  it("answers one or all checked addresses", async () => {
    const lookup = guardedLookup(
      fake([
        { address: "8.8.8.8", family: 4 },
        { address: "2001:4860:4860::8888", family: 6 },
      ]),
    );
    expect(await run(lookup, false)).toMatchObject({ error: null, address: "8.8.8.8", family: 4 });
    expect((await run(lookup, true)).address).toHaveLength(2);
  });

  it("fails when any address is refused, or none is returned", async () => {
    for (const addresses of [
      [{ address: "127.0.0.1", family: 4 }],
      [
        { address: "8.8.8.8", family: 4 },
        { address: "::1", family: 6 },
      ],
      [],
    ]) {
      const result = await run(guardedLookup(fake(addresses)), false);
      expect(result.error).toBeInstanceOf(PushEndpointRefused);
      expect(result.error?.message).not.toContain("https://");
    }
  });
});

describe("guardedPushAgent", () => {
  const tls = selfSignedCertificate(mkdtempSync(join(tmpdir(), "fre-push-agent-")));
  let paths: string[];
  let server: ReturnType<typeof createServer>;
  let port: number;
  beforeAll(async () => {
    paths = [];
    server = createServer(tls, (req, res) => {
      paths.push(req.url ?? "");
      res.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // The certificate names 127.0.0.1; `localhost` is trusted here too, to exercise the lookup path.
  const base = () => new Agent({ ca: tls.cert, checkServerIdentity: () => undefined });
  const request = (url: string, agent: Agent) =>
    new Promise<number>((resolve, reject) => {
      get(url, { agent }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on("error", reject);
    });

  it("reaches the local service with a plain agent (the baseline the guard must stop)", async () => {
    expect(await request(`https://localhost:${port}/plain`, base())).toBe(201);
    expect(paths).toContain("/plain");
  });

  it("refuses a loopback literal and a host name resolving to loopback, reaching nothing", async () => {
    const agent = guardedPushAgent({ allow: [], base: base() });
    for (const url of [
      `https://127.0.0.1:${port}/literal`,
      `https://localhost:${port}/name`,
      `https://[::ffff:127.0.0.1]:${port}/mapped`,
    ]) {
      await expect(request(url, agent)).rejects.toBeInstanceOf(PushEndpointRefused);
    }
    // Port 443 (the only port for public hosts): the address check still refuses loopback.
    await expect(request("https://localhost/443", agent)).rejects.toBeInstanceOf(
      PushEndpointRefused,
    );
    await expect(request("https://127.0.0.1/443", agent)).rejects.toBeInstanceOf(
      PushEndpointRefused,
    );
    expect(paths.filter((p) => p !== "/plain")).toEqual([]);
  });

  it("connects to PUSH_ENDPOINT_ALLOW hosts with the base agent's CA", async () => {
    const agent = guardedPushAgent({ allow: [`127.0.0.1:${port}`, "localhost"], base: base() });
    expect(await request(`https://127.0.0.1:${port}/allowed`, agent)).toBe(201);
    expect(await request(`https://localhost:${port}/allowed-name`, agent)).toBe(201);
    expect(paths).toContain("/allowed");
    expect(paths).toContain("/allowed-name");
    // The allowance is for that port only.
    const other = guardedPushAgent({ allow: [`127.0.0.1:${port + 1}`], base: base() });
    await expect(request(`https://127.0.0.1:${port}/other`, other)).rejects.toBeInstanceOf(
      PushEndpointRefused,
    );
    expect(paths).not.toContain("/other");
  });
});
