import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/**
 * A solved proof of work (decision 0044) for the e2e server at `origin`, as the widget would
 * send it: the challenge fetched from the server, solved with altcha-lib's solver in Node.
 * For helpers that sign up or start mining through the API; the UI goes through the widget.
 */
export async function solvedChallenge(
  origin: string,
  action: "sign-up" | "mining-start",
): Promise<string> {
  const response = await fetch(`${origin}/api/challenge?action=${action}`);
  if (!response.ok) throw new Error(`challenge refused: ${response.status}`);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
