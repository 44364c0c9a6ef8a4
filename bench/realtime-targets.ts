import type { TargetCheck } from './targets';

/** What `bench:realtime` is judged by: nothing lost in a deploy; memory and latency with 10,000 sockets. */
export const REALTIME_GOALS = {
  /** Every socket the stop dropped is back (and resynced or recovered) within this long. */
  backWithinS: 30,
  /** RSS per idle signed-in socket, read as it is 60 s after they connected (no GC forced). */
  rssPerSocketKb: 12,
  /** Write-to-push p95 across instances, with the idle sockets connected. */
  pushP95Ms: 25,
} as const;

export type DeployFigures = { dropped: number; back: number; missed: number; writesFailed: number };
export type MemoryFigures = { rssPerSocketKb: number; pushP95Ms: number; writesFailed: number };

/** One row per goal of the parts that ran. */
export function realtimeChecks(deploy: DeployFigures | null, memory: MemoryFigures | null): TargetCheck[] {
  const checks: TargetCheck[] = [];
  if (deploy) {
    const where = 'deploy (part 1)';
    checks.push(
      { target: `every dropped socket back within ${REALTIME_GOALS.backWithinS} s`, where, figure: `${deploy.back} of ${deploy.dropped}`, holds: deploy.back === deploy.dropped },
      { target: 'no notification missed', where, figure: `${deploy.missed} missed`, holds: deploy.missed === 0 },
      { target: 'no write failed', where, figure: `${deploy.writesFailed} failed`, holds: deploy.writesFailed === 0 },
    );
  }
  if (memory) {
    const where = 'memory and latency (part 2)';
    checks.push(
      { target: `RSS per idle socket <= ${REALTIME_GOALS.rssPerSocketKb} KB`, where, figure: `${memory.rssPerSocketKb.toFixed(1)} KB`, holds: memory.rssPerSocketKb <= REALTIME_GOALS.rssPerSocketKb },
      { target: `write-to-push p95 <= ${REALTIME_GOALS.pushP95Ms} ms across instances`, where, figure: `${memory.pushP95Ms.toFixed(1)} ms`, holds: memory.pushP95Ms <= REALTIME_GOALS.pushP95Ms },
      { target: 'no write failed', where, figure: `${memory.writesFailed} failed`, holds: memory.writesFailed === 0 },
    );
  }
  return checks;
}
