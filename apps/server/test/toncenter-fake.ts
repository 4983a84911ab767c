import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for toncenter v3, speaking its JSON shapes for the calls FRE makes:
 * `GET /api/v3/transactions` (account, start_lt inclusive, sort, limit, offset),
 * `POST /api/v3/runGetMethod` (get_public_key) and `GET /api/v3/masterchainInfo`.
 * Tests add transactions to the account's history; `down` makes every call answer 503.
 */
export interface ToncenterFake {
  url: string;
  /** Adds an incoming transfer to the shop's history; returns its hash and lt. */
  receive(transfer: {
    amountNano: bigint;
    comment?: string | null;
    from?: string;
    bounced?: boolean;
  }): { hash: string; lt: string };
  /** Serves the same transaction twice in answers (an indexer re-delivering it). */
  repeatLast(): void;
  publicKeys: Map<string, string>;
  down: boolean;
  calls: number;
  close(): Promise<void>;
}

const PAYER = "0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8";

export async function startToncenterFake(account: string): Promise<ToncenterFake> {
  const history: Record<string, unknown>[] = [];
  let lt = 48_000_000_000_000n;
  let now = Math.floor(Date.now() / 1000);

  const fake: ToncenterFake = {
    url: "",
    publicKeys: new Map(),
    down: false,
    calls: 0,
    receive({ amountNano, comment = null, from = PAYER, bounced = false }) {
      lt += 1000n;
      now += 1;
      const hash = createHash("sha256").update(`tx:${lt}`).digest("base64");
      history.push({
        account,
        hash,
        lt: lt.toString(),
        now,
        description: { type: "ord", aborted: false },
        in_msg: {
          source: from,
          destination: account,
          value: amountNano.toString(),
          bounced,
          message_content: {
            decoded: comment === null ? null : { type: "text_comment", comment },
          },
        },
        out_msgs: [],
      });
      return { hash, lt: lt.toString() };
    },
    repeatLast() {
      const last = history.at(-1);
      if (last) history.push(last);
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const server: Server = createServer((request, response) => {
    fake.calls += 1;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (fake.down) return send(503, { error: "service unavailable" });
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname === "/api/v3/masterchainInfo") return send(200, { last: { seqno: 1 } });
    if (url.pathname === "/api/v3/transactions") {
      const start = BigInt(url.searchParams.get("start_lt") ?? "0");
      const limit = Number(url.searchParams.get("limit") ?? "10");
      const offset = Number(url.searchParams.get("offset") ?? "0");
      const page = history
        .filter((tx) => BigInt(tx.lt as string) >= start)
        .slice(offset, offset + limit);
      return send(200, { transactions: page, address_book: {} });
    }
    if (url.pathname === "/api/v3/runGetMethod" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const { address } = JSON.parse(body) as { address: string };
        const key = fake.publicKeys.get(address);
        if (!key) return send(200, { gas_used: 0, exit_code: -13, stack: [] });
        send(200, { gas_used: 100, exit_code: 0, stack: [{ type: "num", value: `0x${key}` }] });
      });
      return;
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
