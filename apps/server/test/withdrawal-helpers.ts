import { eq } from "drizzle-orm";
import { simChainPayouts } from "../src/db/schema/index.ts";
import { processPayouts } from "../src/modules/withdrawals/withdrawal-payouts.ts";
import { type Client, type TestApp, verifiedUser } from "./helpers.ts";
import { fundForWithdrawal, linkTonWallet, payoutWorkerDeps } from "./ton-helpers.ts";

/** A verified user (nickname from `prefix`) with approved KYC, a ton_proof wallet and `fre` FRE. */
export async function newWithdrawer(test: TestApp, prefix: string, fre = "5000") {
  const signed = await verifiedUser(test, prefix);
  const wallet = await linkTonWallet(test, signed.client);
  await fundForWithdrawal(test, signed.me.id, fre);
  return { ...signed, wallet };
}

/** Approves as the dialog does: `step` is what the admin was shown (first of two, or final). */
export const approveAs = (admin: { client: Client }, id: string, step: "first" | "final") =>
  admin.client.post(`/api/admin/withdrawals/${id}/approve`, { expect: step });

/** The payout worker run twice on the simulated chain: it sends, then it sees the payout land. */
export async function payOutTwice(test: TestApp) {
  await processPayouts(payoutWorkerDeps(test));
  await processPayouts(payoutWorkerDeps(test));
}

/** What the simulated chain paid for withdrawal `id`. */
export const simPayoutsOf = (test: TestApp, id: string) =>
  test.db.select().from(simChainPayouts).where(eq(simChainPayouts.reference, id));
