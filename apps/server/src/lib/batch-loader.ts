/**
 * Coalesces the reads asked for during one turn of the event loop into one query (the DataLoader
 * pattern, decision 0010). Every read starts after it was asked for, so it is as fresh as a read
 * of its own: nothing is cached between turns. Under load, the requests parsed in one poll phase
 * share a database round trip instead of paying one each.
 */
export function batchLoader<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  options: {
    maxBatch?: number;
    /**
     * At most this many queries at once; keys asked for meanwhile wait for one to end and go
     * together in the next (writes: fewer, larger statements, each with one commit).
     */
    maxInFlight?: number;
  } = {},
) {
  const maxBatch = options.maxBatch ?? 256;
  const maxInFlight = options.maxInFlight ?? Number.POSITIVE_INFINITY;
  let inFlight = 0;
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let pending = new Map<K, Waiter[]>();
  let scheduled = false;

  async function run(batch: Map<K, Waiter[]>) {
    inFlight += 1;
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) {
        for (const waiter of waiters) waiter.resolve(found.get(key));
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      inFlight -= 1;
      if (pending.size > 0 && !scheduled) flush();
    }
  }

  function flush() {
    scheduled = false;
    while (pending.size > 0 && inFlight < maxInFlight) {
      let batch = pending;
      if (pending.size <= maxBatch) {
        pending = new Map();
      } else {
        batch = new Map();
        for (const [key, waiters] of pending) {
          if (batch.size >= maxBatch) break;
          batch.set(key, waiters);
        }
        for (const key of batch.keys()) pending.delete(key);
      }
      void run(batch);
    }
  }

  return function get(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (pending.size >= maxBatch) {
        flush();
      } else if (!scheduled) {
        scheduled = true;
        // setImmediate runs after the poll phase: every request read from the sockets in this
        // turn has asked by then (nextTick and microtasks run after each I/O callback).
        setImmediate(flush);
      }
    });
  };
}
