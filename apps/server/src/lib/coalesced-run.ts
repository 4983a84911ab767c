/**
 * `run` one at a time in this process: a kick while a run is in flight asks for one more run after
 * it (the first may have started too early) and returns the in-flight promise. An error ends the
 * runs: given to `onError` if there is one (the promise then resolves), else the promise rejects.
 */
export function coalescedRun(run: () => Promise<unknown>, onError?: (error: unknown) => void) {
  let current: Promise<void> | null = null;
  let again = false;
  function kick(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again);
      } catch (error) {
        if (!onError) throw error;
        onError(error);
      } finally {
        current = null;
      }
    })();
    return current;
  }
  return {
    kick,
    /** The run in flight, if any (what a shutdown waits for). */
    inFlight: () => current,
  };
}
