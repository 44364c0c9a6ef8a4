import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Logger } from '../logger';

/** How often the heap and the event loop are sampled. */
export const HEAP_CHECK_INTERVAL_MS = 5_000;
/** An interval whose event loop was busy less than this share of the time counts as quiet. */
export const QUIET_UTILIZATION = 0.05;
/** Quiet intervals in a row before a compaction: the tail of a burst is not idleness. */
export const QUIET_CHECKS = 2;
/** At least this long between two compactions of ours, whatever the heap does. */
export const MIN_COMPACTION_GAP_MS = 60_000;

export type HeapCompactionDeps = {
  /** Bytes of the V8 heap in use (live objects and garbage not yet collected). */
  usedHeapBytes: () => number;
  /** The event loop's busy share since the previous call (0 to 1). */
  utilization: () => number;
  /** A full, compacting collection: live objects moved together, emptied pages given back to the system. */
  compact: () => void;
  now: () => number;
  logger: Pick<Logger, 'info'>;
};

/**
 * Gives a burst's garbage back once the instance is quiet. A burst (a deploy's reconnecting sockets, an
 * import) leaves the heap holding what it allocated until V8 next collects in full, which an idle process
 * may not do for minutes: after 10,000 sockets connected, RSS per socket was 2 or 15 KB depending on
 * whether V8's own memory reducer happened to run. Once the heap has grown by `minGrowthBytes` (and by
 * half) over the least it held, and the event loop has stayed quiet for QUIET_CHECKS samples, one
 * compacting collection runs (about 80 ms per 150 MB of heap). Under load nothing is forced: V8's own
 * collections run there.
 */
export class HeapCompaction {
  private least: number;
  private quietChecks = 0;
  private lastCompactedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly deps: HeapCompactionDeps,
    private readonly minGrowthBytes: number,
  ) {
    this.least = deps.usedHeapBytes();
  }

  /** One sample; answers whether it compacted. */
  check(): boolean {
    const used = this.deps.usedHeapBytes();
    // The least the heap held since our last compaction: what it held after V8's own full collections.
    this.least = Math.min(this.least, used);
    this.quietChecks = this.deps.utilization() < QUIET_UTILIZATION ? this.quietChecks + 1 : 0;
    const grown = used - this.least >= Math.max(this.minGrowthBytes, this.least / 2);
    const now = this.deps.now();
    if (this.quietChecks < QUIET_CHECKS || !grown || now - this.lastCompactedAt < MIN_COMPACTION_GAP_MS) return false;
    const started = performance.now();
    this.deps.compact();
    const after = this.deps.usedHeapBytes();
    this.deps.logger.info(
      { heapBeforeMb: mb(used), heapAfterMb: mb(after), ms: Math.round(performance.now() - started) },
      'heap compacted while quiet',
    );
    this.lastCompactedAt = now;
    this.least = after;
    this.quietChecks = 0;
    return true;
  }
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

let exposedGc: (() => void) | undefined;

/**
 * V8's own full collection. Exposed at run time (as Jest does for --logHeapUsage) when the process was
 * not started with --expose-gc, and only once something asks for it.
 */
export function v8Gc(): () => void {
  exposedGc ??= (globalThis as { gc?: () => void }).gc ?? (setFlagsFromString('--expose-gc'), runInNewContext('gc') as () => void);
  return exposedGc;
}

/**
 * A full collection that compacts: live objects moved together, emptied pages given back to the system.
 * Compaction is asked for this one collection only, since compacting on every full collection costs
 * under load.
 */
export function compactHeap(): void {
  const gc = v8Gc();
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/** Samples this process every HEAP_CHECK_INTERVAL_MS; `minGrowthMb` 0 turns it off. Answers a stop function. */
export function startHeapCompaction(opts: { minGrowthMb: number; logger: Logger }): () => void {
  if (opts.minGrowthMb === 0) return () => undefined;
  let previous = performance.eventLoopUtilization();
  const compaction = new HeapCompaction(
    {
      usedHeapBytes: () => getHeapStatistics().used_heap_size,
      utilization: () => {
        const current = performance.eventLoopUtilization();
        const { utilization } = performance.eventLoopUtilization(current, previous);
        previous = current;
        return utilization;
      },
      compact: compactHeap,
      now: () => Date.now(),
      logger: opts.logger,
    },
    opts.minGrowthMb * 2 ** 20,
  );
  const timer = setInterval(() => compaction.check(), HEAP_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
