import { runTonCheck } from "./ton-check-report.ts";

/**
 * `npm run ton:check`: the dry run before turning withdrawals on (docs/ton.md, "The dry run").
 * Reads the configured network, hot wallet, FRE jetton and shop address; sends nothing. Exit 0
 * only when withdrawals can be paid, 1 otherwise.
 */
runTonCheck({ env: process.env, write: (line) => process.stdout.write(`${line}\n`) }).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`ton:check failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
