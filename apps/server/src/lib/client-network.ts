import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a client's address stands for, for counters: an IPv4 address as itself, an IPv6
 * address by its /64 (one subscriber usually holds a whole /64, so counting single IPv6 addresses
 * would let one client pose as millions).
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The address range a client's address belongs to, as a subscriber or a hosting customer holds
 * it: an IPv4 address by its /24, an IPv6 address by its /48 (`198.51.100.0/24`,
 * `2001:db8:1::/48`). Bot farms rent whole ranges; the proof of work's difficulty (decision 0044)
 * and the sign-up signals count by range.
 */
export function addressRange(ip: string): string {
  const single = clientNetwork(ip);
  if (isIPv4(single)) return `${single.split(".").slice(0, 3).join(".")}.0/24`;
  if (!single.endsWith("::/64")) return single;
  return `${single.slice(0, -"::/64".length).split(":").slice(0, 3).join(":")}::/48`;
}
