import { describe, expect, it } from "vitest";
import { addressRange, clientNetwork } from "./client-network.ts";

describe("clientNetwork", () => {
  it("keeps IPv4 addresses and counts IPv6 by /64", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0DB8:0001:0002::ffff")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});

describe("addressRange", () => {
  it("counts IPv4 by /24 and IPv6 by /48", () => {
    expect(addressRange("203.0.113.7")).toBe("203.0.113.0/24");
    expect(addressRange("::ffff:203.0.113.250")).toBe("203.0.113.0/24");
    expect(addressRange("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1::/48");
    expect(addressRange("2001:db8::1")).toBe("2001:db8:0::/48");
  });
});
