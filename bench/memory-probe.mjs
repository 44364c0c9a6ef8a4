// Loaded into a benchmarked server process (node --expose-gc --import ./bench/memory-probe.mjs): answers
// the parent's 'memory' message with process.memoryUsage() as it is (no collection forced: what an
// operator's tools read), 'memory-after-gc' with it taken after full GCs (what the sockets keep alive),
// and 'memory-floor' after full compacting GCs and a moment for the emptied pages to go back to the
// system (the least the process holds: where the per-socket figures start).
const answer = () => process.send?.({ memory: process.memoryUsage() });

process.on('message', (message) => {
  if (message === 'memory') return answer();
  if (message === 'memory-after-gc') {
    for (let i = 0; i < 3; i++) globalThis.gc?.();
    return answer();
  }
  if (message !== 'memory-floor') return;
  // The server's own compaction (loaded once the server runs, with its TypeScript loader registered).
  void import('../server/jobs/heap-compaction.ts').then(({ compactHeap }) => {
    for (let i = 0; i < 3; i++) compactHeap();
    // V8 unmaps the pages a compaction emptied on a background thread, shortly after.
    setTimeout(answer, 2_000);
  });
});
// The IPC channel must not keep a stopped server alive.
process.channel?.unref();
