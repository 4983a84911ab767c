// TON amounts and addresses as the app shows them, and the wallet widget's settings: pure
// helpers (no import of the widget: the landing never loads it), shared by the TON wallet, the
// shop and the withdrawals.

/** A wallet address shortened for display: its first 4 and last 4 characters. */
export function shortAddress(address: string): string {
  return address.length <= 11 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
}

/** The widget speaks English and Russian only: Russian for ru, English otherwise. */
export function widgetLanguage(language: string | undefined): "ru" | "en" {
  return language?.toLowerCase().startsWith("ru") ? "ru" : "en";
}

/** nanoTON (decimal string) → TON with 9 fraction digits, as the API writes amounts. */
export function nanoToTon(nano: string): string {
  if (!/^\d+$/.test(nano)) throw new TypeError("nanoTON must be a non-negative integer");
  const digits = nano.replace(/^0+(?=\d)/, "").padStart(10, "0");
  return `${digits.slice(0, -9)}.${digits.slice(-9)}`;
}

/** "1.500000000" → "1.5"; "2.000000000" → "2": a TON amount without its trailing zeros. */
export function trimTon(amount: string): string {
  return amount.includes(".") ? amount.replace(/\.?0+$/, "") : amount;
}
