// ed25519 with the browser's WebCrypto (Chromium, Firefox and Safari ship Ed25519).

import type { DevWalletKeys } from "./dev-wallet-bridge";

const ED25519 = { name: "Ed25519" } as const;

export const webCryptoKeys: DevWalletKeys = {
  async generate() {
    const pair = (await crypto.subtle.generateKey(ED25519, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    const secret = await crypto.subtle.exportKey("jwk", pair.privateKey);
    return { publicKey, secret };
  },
  async sign(secret, data) {
    const key = await crypto.subtle.importKey("jwk", secret, ED25519, false, ["sign"]);
    return new Uint8Array(await crypto.subtle.sign(ED25519, key, data as BufferSource));
  },
};

export async function webCryptoSha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data as BufferSource));
}
