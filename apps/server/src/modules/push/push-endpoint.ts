/**
 * Push endpoints are URLs chosen by the client, and the server connects to them: without a check,
 * a subscription is a server-side request forgery (loopback, the database port, the cloud
 * metadata service at 169.254.169.254…). Two guards:
 *
 * - at subscription, `pushEndpointProblem` refuses an endpoint whose host (literal IP, or every
 *   address DNS returns) is not a public unicast address;
 * - at send time, `guardedPushAgent` is the HTTPS agent web-push connects with: its `lookup`
 *   resolves the host and fails when any address is refused, so the address checked is the very
 *   address connected to (a host re-bound to 127.0.0.1 after subscribing is refused too).
 *
 * Ports: push services (FCM, Mozilla autopush, Apple, WNS) all listen on 443, so a public host is
 * accepted on port 443 only — the server cannot be used to probe other ports of public hosts.
 * Hosts in PUSH_ENDPOINT_ALLOW (`host` for any port, `host:port` for that port) skip both the
 * public-address and the port rule (the tests' local push service on 127.0.0.1:<random port>).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { Agent, type AgentOptions } from "node:https";
import { BlockList, isIP, isIPv4, isIPv6, type LookupFunction } from "node:net";
import type { Duplex } from "node:stream";

/** IPv4 ranges that are not public unicast (IANA special-purpose registry, RFC 6890 and later). */
const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation TEST-NET-1
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation TEST-NET-2
  ["203.0.113.0", 24], // documentation TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast 255.255.255.255
] as const) {
  refusedV4.addSubnet(network, prefix, "ipv4");
}

/** The eight 16-bit words of a valid IPv6 address (zone id dropped, dotted tail converted). */
function ipv6Words(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headWords = head ? head.split(":") : [];
  const tailWords = tail ? tail.split(":") : [];
  const words =
    tail === undefined
      ? headWords
      : [
          ...headWords,
          ...Array<string>(8 - headWords.length - tailWords.length).fill("0"),
          ...tailWords,
        ];
  return words.map((word) => Number.parseInt(word, 16));
}

const v4FromWords = (high: number, low: number) =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");

/**
 * Whether a literal IP address is a public unicast address a push service may live on.
 * IPv6: only global unicast 2000::/3 (this excludes ::, ::1, fc00::/7, fe80::/10, ff00::/8, the
 * IPv4-compatible ::/96 and every other reserved block), minus 2001::/23 (Teredo, benchmarking,
 * ORCHID…), the documentation ranges 2001:db8::/32 and 3fff::/20; addresses embedding an IPv4
 * one (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4.
 * Anything that is not an IP address is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !refusedV4.check(address, "ipv4");
  if (!isIPv6(address)) return false;
  const w = ipv6Words(address) as [number, number, number, number, number, number, number, number];
  const zero = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && w[5] === 0xffff) return isPublicAddress(v4FromWords(w[6], w[7]));
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) {
    return isPublicAddress(v4FromWords(w[6], w[7]));
  }
  if (w[0] === 0x2002) return isPublicAddress(v4FromWords(w[1], w[2]));
  if ((w[0] & 0xe000) !== 0x2000) return false;
  if (w[0] === 0x2001 && w[1] < 0x200) return false; // 2001::/23
  if (w[0] === 0x2001 && w[1] === 0xdb8) return false; // 2001:db8::/32
  if (w[0] === 0x3fff && w[1] < 0x1000) return false; // 3fff::/20
  return true;
}

const unbracket = (host: string) =>
  host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;

/**
 * A host as the WHATWG URL parser writes it (lowercase, IPv6 in brackets and compressed, IPv4 in
 * dotted decimal even when written `0x7f.1`), so that the endpoint checked at subscription, the
 * host web-push connects to (parsed by the legacy `url.parse`) and the allowance compare alike.
 */
export function canonicalHost(host: string): string {
  const bare = unbracket(host);
  try {
    return new URL(`https://${isIPv6(bare) ? `[${bare}]` : bare}/`).hostname;
  } catch {
    return host.toLowerCase();
  }
}

/** PUSH_ENDPOINT_ALLOW as a test: `host` allows any port, `host:port` that port only. */
export function endpointAllowance(entries: readonly string[]) {
  const rules = entries.flatMap((entry) => {
    // A bare IPv6 address (`::1`) names a host; `[::1]:8443` a host and a port.
    const match = isIPv6(entry) ? null : /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(entry);
    if (!isIPv6(entry) && !match) return [];
    const host = canonicalHost(match ? (match[1] ?? "") : entry);
    return [{ host, port: match?.[2] === undefined ? null : Number(match[2]) }];
  });
  return (host: string, port: number) => {
    const canonical = canonicalHost(host);
    return rules.some((rule) => rule.host === canonical && (rule.port ?? port) === port);
  };
}

export type EndpointAllowance = ReturnType<typeof endpointAllowance>;

/** All the addresses of a host, as `dns.promises.lookup(host, {all: true})` gives them. */
export type ResolveAll = (host: string) => Promise<readonly { address: string }[]>;

const resolveAll: ResolveAll = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

const RESOLVE_TIMEOUT_MS = 5_000;

/** The same words whether the host does not resolve or resolves to a private address. */
export const NOT_PUBLIC = "must be a push service on a public address";
export const NOT_443 = "must use the port 443 of the push service";

/**
 * Why a push endpoint is refused, or null when the server may send to it. A host that does not
 * resolve is refused with the same message as a private one (no oracle on internal names).
 */
export async function pushEndpointProblem(
  endpoint: string,
  allowed: EndpointAllowance,
  resolve: ResolveAll = resolveAll,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "must be a URL";
  }
  if (url.protocol !== "https:") return "must be an https URL";
  const port = url.port === "" ? 443 : Number(url.port);
  if (allowed(url.hostname, port)) return null;
  if (port !== 443) return NOT_443;
  const literal = unbracket(url.hostname);
  if (isIP(literal)) return isPublicAddress(literal) ? null : NOT_PUBLIC;
  let timer: NodeJS.Timeout | undefined;
  try {
    const addresses = await Promise.race([
      resolve(url.hostname),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), RESOLVE_TIMEOUT_MS);
      }),
    ]);
    if (addresses.length === 0) return NOT_PUBLIC;
    return addresses.every((a) => isPublicAddress(a.address)) ? null : NOT_PUBLIC;
  } catch {
    return NOT_PUBLIC;
  } finally {
    clearTimeout(timer);
  }
}

/** A push the send-time guard stopped. Its message names the host at most, never the URL. */
export class PushEndpointRefused extends Error {
  readonly code = "PUSH_ENDPOINT_REFUSED";
  constructor(readonly host: string) {
    super(`push endpoint refused: ${host} is not a public address on port 443`);
    this.name = "PushEndpointRefused";
  }
}

type Lookup = typeof dnsLookup;

/** A `lookup` for net.connect that resolves every address and fails if any is refused. */
export function guardedLookup(lookup: Lookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    lookup(hostname, all, (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
      if (error) return callback(error, "");
      const first = addresses[0];
      if (!first || !addresses.every((a) => isPublicAddress(a.address))) {
        return callback(new PushEndpointRefused(hostname), "");
      }
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * The HTTPS agent web-push sends with. Every connection it opens goes to a checked address:
 * host names through `guardedLookup` (the check and the connection share one resolution, closing
 * DNS rebinding), literal IPs (which net.connect does not look up) and the port checked here;
 * PUSH_ENDPOINT_ALLOW hosts connect as usual. `base` (the tests' agent trusting their local push
 * service's CA) lends its options. A refused connection fails the request with
 * `PushEndpointRefused` before any byte is sent.
 */
export function guardedPushAgent(options: {
  allow: readonly string[];
  base?: Agent;
  lookup?: Lookup;
}): Agent {
  const allowed = endpointAllowance(options.allow);
  const lookup = guardedLookup(options.lookup);
  // Without a base, the settings of Node's global agent, which web-push used before.
  const agentOptions: AgentOptions = options.base
    ? { ...options.base.options }
    : { keepAlive: true, timeout: 5_000, scheduling: "lifo" };

  class GuardedAgent extends Agent {
    override createConnection(
      connection: Parameters<Agent["createConnection"]>[0],
      callback?: (err: Error | null, stream: Duplex) => void,
    ) {
      const host = connection.host ?? connection.hostname ?? "localhost";
      const port = Number(connection.port ?? 443);
      if (allowed(host, port)) {
        return super.createConnection({ ...connection, lookup: dnsLookup }, callback);
      }
      const literal = unbracket(host);
      if (port !== 443 || (isIP(literal) && !isPublicAddress(literal))) {
        const refused = new PushEndpointRefused(canonicalHost(host));
        if (!callback) throw refused;
        process.nextTick(() => callback(refused, undefined as unknown as Duplex));
        return undefined;
      }
      return super.createConnection({ ...connection, lookup }, callback);
    }
  }
  return new GuardedAgent({ ...agentOptions, lookup });
}
