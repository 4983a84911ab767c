import { afterAll, beforeAll } from "vitest";
import {
  createTestApp,
  expectLedgerBalanced,
  type TestApp,
  type TestAppOptions,
} from "./helpers.ts";
import { type SandboxToncenter, startSandboxToncenter } from "./ton-sandbox.ts";

/**
 * The app a @ton/sandbox test file shares with its emulated chain: a beforeAll starts the
 * emulator on the app's clock (in seconds; the present until the app is open), then builds the
 * app with the options `prepare(sandbox)` returns (the file keeps the sandbox it is given, and
 * deploys there what the configuration names); an afterAll checks the books
 * (`expectLedgerBalanced`) and then closes the app and the emulator, even when the check fails.
 * Returns the app's getter. A file's own seeding goes in a beforeAll written after this call.
 */
export function useSandboxApp(
  prepare: (sandbox: SandboxToncenter) => Promise<TestAppOptions>,
): () => TestApp {
  let test: TestApp | undefined;
  let sandbox: SandboxToncenter | undefined;
  const seconds = () => Math.floor((test?.clock.now() ?? new Date()).getTime() / 1000);
  beforeAll(async () => {
    sandbox = await startSandboxToncenter(seconds);
    test = await createTestApp(await prepare(sandbox));
  }, 60_000);
  afterAll(async () => {
    try {
      if (test) await expectLedgerBalanced(test);
    } finally {
      await test?.close();
      await sandbox?.close();
    }
  });
  return () => test!;
}
