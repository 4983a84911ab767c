// Byte helpers without Node's Buffer, so the ton_proof message and the wallet builder can run
// in the browser (the dev wallet) as well as on the server.

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Throws a TypeError for odd lengths and non-hex characters. */
export function fromHex(hex: string): Uint8Array {
  if (!HEX.test(hex)) throw new TypeError("Not a hex string");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
