import type { Chain } from "../../modules/ton/chain.ts";

/**
 * Tests: a Chain made of the parts given; any other method rejects with "not stubbed" (ping
 * answers OK). E.g. `stubChain({ ping: async () => { throw new ChainNotRespondingError(502); } })`.
 */
export function stubChain(parts: Partial<Chain> = {}): Chain {
  const notStubbed = (name: string) => async () => {
    throw new Error(`chain.${name} is not stubbed`);
  };
  return {
    kind: "toncenter",
    ping: async () => {},
    verifyProof: notStubbed("verifyProof"),
    getPublicKey: notStubbed("getPublicKey"),
    incomingTransfers: notStubbed("incomingTransfers"),
    sendPayout: notStubbed("sendPayout"),
    payoutStatus: notStubbed("payoutStatus"),
    ...parts,
  };
}
