import { formatNano } from "@fre/shared";
import { Address } from "@ton/core";
import { mnemonicValidate } from "@ton/crypto";
import { toncenterChain } from "../adapters/chain/toncenter-chain.ts";
import { toncenterPayouts } from "../adapters/chain/toncenter-payouts.ts";
import {
  type AccountState,
  type JettonMetadata,
  type ToncenterReads,
  toncenterReads,
} from "../adapters/chain/toncenter-reads.ts";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { ChainNotRespondingError } from "../modules/ton/chain-errors.ts";

/** Below this many payouts the check warns (FreHotWalletLow's threshold, decision 0070). */
const FEW_PAYOUTS = 100n;
const METADATA_TIMEOUT_MS = 5000;

export type Verdict = "ok" | "warn" | "missing";
export interface CheckLine {
  verdict: Verdict;
  area: string;
  text: string;
}

export interface TonCheckIo {
  env: Record<string, string | undefined>;
  fetchImpl?: typeof fetch;
  write: (line: string) => void;
}

const LABEL: Record<Verdict, string> = { ok: "ok     ", warn: "warning", missing: "MISSING" };

/** Why a read failed, in words; never the request's headers (the API key) nor any secret. */
function why(error: unknown): string {
  if (error instanceof ChainNotRespondingError) {
    if (error.status === 401 || error.status === 403) {
      return `the API key was refused (HTTP ${error.status})`;
    }
    return error.status ? `HTTP ${error.status}` : "no answer";
  }
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    if (error.name === "TimeoutError") return "timed out";
    return typeof cause === "string" ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}

/** toncenter.com's own hosts: without a key it allows about one request a second. */
const isPublicToncenter = (url: string) => /(^|\.)toncenter\.com$/.test(new URL(url).hostname);

/** The URL without credentials or query (a key may be written there). */
const shownUrl = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname === "/" ? "" : parsed.pathname}`;
};

const ton = (nano: bigint) => `${formatNano(nano).replace(/\.?0+$/, "")} TON`;
const fre = (nano: bigint) => `${formatNano(nano).replace(/\.?0+$/, "")} FRE`;

/**
 * `npm run ton:check`: reads what withdrawals and shop payments need on the configured network —
 * toncenter, the hot wallet, the FRE jetton master and the hot wallet's jetton wallet, the shop's
 * address — sends nothing, and prints each as ready or not. 0 only when withdrawals can be paid.
 */
export async function runTonCheck(io: TonCheckIo): Promise<number> {
  const lines: CheckLine[] = [];
  const report = (verdict: Verdict, area: string, text: string) => {
    lines.push({ verdict, area, text });
    io.write(`${LABEL[verdict]}  ${area}: ${text}`);
  };
  io.write("FRE on TON, the dry run: reads only, sends nothing.");
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The problems name the keys and never quote a value.
    for (const problem of error.problems) report("missing", "configuration", problem);
    return conclude(io, lines);
  }
  await checkChain(config, io, report);
  return conclude(io, lines);
}

function conclude(io: TonCheckIo, lines: CheckLine[]) {
  const missing = [...new Set(lines.filter((l) => l.verdict === "missing").map((l) => l.area))];
  const warnings = lines.filter((l) => l.verdict === "warn").length;
  if (missing.length > 0) {
    io.write(`NOT READY: withdrawals cannot be paid — see ${missing.join(", ")}.`);
    return 1;
  }
  io.write(
    `READY: withdrawals can be paid${warnings > 0 ? ` (${warnings} warning${warnings > 1 ? "s" : ""} above)` : ""}.`,
  );
  return 0;
}

type Report = (verdict: Verdict, area: string, text: string) => void;

async function checkChain(config: Config, io: TonCheckIo, report: Report) {
  const fetchImpl = io.fetchImpl ?? fetch;
  if (config.TON_API_URL === "simulated") {
    report(
      "missing",
      "network",
      "TON_API_URL is `simulated` (the chain kept in FRE's database): set toncenter's URL " +
        "(https://testnet.toncenter.com or https://toncenter.com)",
    );
    return;
  }
  const baseUrl = config.TON_API_URL;
  const apiKey = config.TON_API_KEY;
  const network = `${config.TON_NETWORK}, toncenter at ${shownUrl(baseUrl)}`;
  try {
    await toncenterChain(baseUrl, fetchImpl, { apiKey }).ping(AbortSignal.timeout(10_000));
  } catch (error) {
    report("missing", "network", `${network} does not answer: ${why(error)}`);
    return;
  }
  if (apiKey) {
    report("ok", "network", `${network} answers; TON_API_KEY set`);
  } else if (isPublicToncenter(baseUrl)) {
    report(
      "missing",
      "network",
      `${network} answers, but TON_API_KEY is not set: without a key toncenter allows about one ` +
        "request a second, and payouts and the shop's reader would be refused (HTTP 429)",
    );
  } else {
    report("warn", "network", `${network} answers; no TON_API_KEY (none needed by this server?)`);
  }
  if (!config.WITHDRAWALS_ENABLED) {
    report(
      "missing",
      "withdrawals",
      "turned off (WITHDRAWALS_ENABLED=false, or neither TON_HOT_WALLET_MNEMONIC nor " +
        "FRE_JETTON_MASTER set)",
    );
  }
  const reads = toncenterReads({ baseUrl, apiKey, fetchImpl });
  const friendly = (address: Address, bounceable: boolean) =>
    address.toString({ urlSafe: true, bounceable, testOnly: config.TON_NETWORK === "testnet" });
  const master = config.FRE_JETTON_MASTER ? Address.parse(config.FRE_JETTON_MASTER) : null;

  const hot = await checkHotWallet(config, reads, fetchImpl, report, friendly);
  if (master) await checkJettonMaster(master, hot, reads, fetchImpl, report, friendly);
  else report("missing", "jetton master", "FRE_JETTON_MASTER is not set");
  if (master && hot) await checkHotJettonWallet(master, hot, reads, report, friendly);
  await checkShop(config, reads, report, friendly);
}

type Friendly = (address: Address, bounceable: boolean) => string;

async function checkHotWallet(
  config: Config,
  reads: ToncenterReads,
  fetchImpl: typeof fetch,
  report: Report,
  friendly: Friendly,
): Promise<Address | null> {
  const mnemonic = config.TON_HOT_WALLET_MNEMONIC;
  if (!mnemonic) {
    report("missing", "hot wallet", "TON_HOT_WALLET_MNEMONIC is not set");
    return null;
  }
  if (!(await mnemonicValidate(mnemonic.split(/\s+/)))) {
    report(
      "missing",
      "hot wallet",
      "TON_HOT_WALLET_MNEMONIC is not a valid TON mnemonic (its words are not printed)",
    );
    return null;
  }
  // The address exactly as the payout driver derives it for the configured kind (v4R2:
  // basechain, subwallet 698983191; W5: @ton/ton's default wallet id; decision 0075).
  const kind = config.TON_HOT_WALLET_KIND;
  const payouts = toncenterPayouts({
    baseUrl: config.TON_API_URL,
    apiKey: config.TON_API_KEY,
    fetchImpl,
    mnemonic,
    walletKind: kind,
    jettonMaster: config.FRE_JETTON_MASTER ?? `0:${"0".repeat(64)}`,
  });
  const address = Address.parse(await payouts.hotWalletAddress());
  const label = kind === "v5r1" ? "wallet W5 v5R1" : "wallet v4R2";
  const named = `${friendly(address, false)} (${label}, ${address.toRawString()})`;
  let state: AccountState;
  try {
    state = await reads.account(address);
  } catch (error) {
    report("missing", "hot wallet", `${named}: its state could not be read: ${why(error)}`);
    return address;
  }
  if (state.status === "active") {
    try {
      report("ok", "hot wallet", `${named}: deployed, seqno ${await reads.seqno(address)}`);
    } catch (error) {
      report("missing", "hot wallet", `${named}: deployed, but its seqno: ${why(error)}`);
    }
  } else if (state.status === "frozen") {
    report("missing", "hot wallet", `${named}: frozen (storage fees unpaid): unfreeze it first`);
  } else if (state.balanceNano > 0n) {
    report("ok", "hot wallet", `${named}: not deployed yet; FRE's first payout deploys it`);
  } else {
    report(
      "missing",
      "hot wallet",
      `${named}: not deployed and empty — send it TON (non-bounceable: it is not deployed)`,
    );
  }
  // What one payout needs at hand, as the server counts it: below it withdrawals pause (0070).
  let needed: bigint;
  try {
    needed = (await payouts.hotWalletBalances()).tonPerPayoutNano;
  } catch (error) {
    report(
      "missing",
      "hot wallet TON",
      `${ton(state.balanceNano)}; what a payout needs could not be read: ${why(error)}`,
    );
    return address;
  }
  const funded = state.balanceNano / needed;
  const balance = `${ton(state.balanceNano)}, ${ton(needed)} at hand for each payout`;
  if (funded === 0n) {
    report(
      "missing",
      "hot wallet TON",
      `${balance} (0.05 attached to the jetton transfer, and the fee): withdrawals pause below ` +
        "it — send it TON",
    );
  } else if (funded < FEW_PAYOUTS) {
    report(
      "warn",
      "hot wallet TON",
      `${balance}: ${funded} payouts before the real fees are known, fewer than ${FEW_PAYOUTS} ` +
        "(the FreHotWalletLow alert) — top it up",
    );
  } else {
    report("ok", "hot wallet TON", `${balance}: at least ${funded} payouts`);
  }
  return address;
}

async function checkJettonMaster(
  master: Address,
  hot: Address | null,
  reads: ToncenterReads,
  fetchImpl: typeof fetch,
  report: Report,
  friendly: Friendly,
) {
  const named = friendly(master, true);
  try {
    const state = await reads.account(master);
    if (state.status !== "active") {
      report(
        "missing",
        "jetton master",
        `FRE_JETTON_MASTER ${named}: no contract (${state.status})`,
      );
      return;
    }
  } catch (error) {
    report("missing", "jetton master", `${named}: its state could not be read: ${why(error)}`);
    return;
  }
  let data: Awaited<ReturnType<ToncenterReads["jettonMaster"]>>;
  try {
    data = await reads.jettonMaster(master);
  } catch (error) {
    report(
      "missing",
      "jetton master",
      `FRE_JETTON_MASTER ${named} is not a TEP-74 jetton master (${why(error)})`,
    );
    return;
  }
  const { metadata } = data;
  const decimals =
    metadata.decimals !== null
      ? { known: true, value: metadata.decimals }
      : await offChainDecimals(metadata, fetchImpl);
  const described =
    `${named}${metadata.symbol ? ` (${metadata.symbol})` : ""}` +
    `${metadata.uri ? `, metadata ${metadata.uri}` : ""}, supply ${fre(data.totalSupply)}` +
    `${data.mintable ? ", mintable" : ""}`;
  if (decimals.known && decimals.value !== "9") {
    report(
      "missing",
      "jetton master",
      `${described}: ${decimals.value} decimals — FRE amounts have 9, every payout would be wrong`,
    );
  } else if (!decimals.known) {
    report("ok", "jetton master", described);
    report("warn", "jetton master", `decimals not checked (${decimals.value}): they must be 9`);
  } else {
    report("ok", "jetton master", `${described}, 9 decimals`);
  }
  if (hot && data.admin?.equals(hot)) {
    report("warn", "jetton master", "its admin is the hot wallet: its words could mint FRE");
  }
}

/** The decimals in the off-chain metadata JSON (TEP-64: absent means 9). */
async function offChainDecimals(
  metadata: JettonMetadata,
  fetchImpl: typeof fetch,
): Promise<{ known: boolean; value: string }> {
  if (!metadata.uri) return { known: true, value: "9" };
  try {
    const response = await fetchImpl(metadata.uri, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
    });
    if (!response.ok)
      return { known: false, value: `its metadata answered HTTP ${response.status}` };
    const json = (await response.json()) as { decimals?: unknown };
    return { known: true, value: json.decimals === undefined ? "9" : String(json.decimals) };
  } catch (error) {
    return { known: false, value: `its metadata could not be read: ${why(error)}` };
  }
}

async function checkHotJettonWallet(
  master: Address,
  hot: Address,
  reads: ToncenterReads,
  report: Report,
  friendly: Friendly,
) {
  let wallet: Address;
  try {
    wallet = await reads.jettonWalletAddress(master, hot);
  } catch (error) {
    report("missing", "hot wallet FRE", `the master gives no jetton wallet: ${why(error)}`);
    return;
  }
  const named = `jetton wallet ${friendly(wallet, true)}`;
  try {
    const state = await reads.account(wallet);
    if (state.status !== "active") {
      report(
        "missing",
        "hot wallet FRE",
        `${named}: not deployed, the hot wallet holds no FRE — mint or send FRE to the hot wallet`,
      );
      return;
    }
    const data = await reads.jettonWallet(wallet);
    if (!data.owner.equals(hot) || !data.master.equals(master)) {
      report("missing", "hot wallet FRE", `${named} belongs to another owner or jetton`);
    } else if (data.balance <= 0n) {
      report("missing", "hot wallet FRE", `${named}: 0 FRE — mint or send FRE to the hot wallet`);
    } else {
      report("ok", "hot wallet FRE", `${named}: ${fre(data.balance)}`);
    }
  } catch (error) {
    report("missing", "hot wallet FRE", `${named}: its balance could not be read: ${why(error)}`);
  }
}

async function checkShop(
  config: Config,
  reads: ToncenterReads,
  report: Report,
  friendly: Friendly,
) {
  if (!config.SHOP_RECEIVE_ADDRESS) {
    report("missing", "shop", "SHOP_RECEIVE_ADDRESS is not set");
    return;
  }
  const shop = Address.parse(config.SHOP_RECEIVE_ADDRESS);
  const named = friendly(shop, false);
  try {
    const state = await reads.account(shop);
    if (state.status === "active") {
      report("ok", "shop", `${named}: deployed, ${ton(state.balanceNano)}`);
    } else {
      // A payment still counts (decision 0068), but deployed is what users' wallets expect.
      report(
        "warn",
        "shop",
        `${named}: not deployed (${state.status}) — deploy it before publishing`,
      );
    }
  } catch (error) {
    report("warn", "shop", `${named}: its state could not be read: ${why(error)}`);
  }
}
