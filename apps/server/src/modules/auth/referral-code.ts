import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** First three letters of the nickname in capitals (padded with X) + three random capitals/digits. */
export function referralCodeFor(nickname: string, random: (max: number) => number = randomInt) {
  const letters = nickname
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toUpperCase()
    .slice(0, 3)
    .padEnd(3, "X");
  let suffix = "";
  for (let i = 0; i < 3; i++) suffix += ALPHABET[random(ALPHABET.length)];
  return letters + suffix;
}
