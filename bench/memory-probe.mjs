// Loaded into a benchmarked server process (node --expose-gc --import ./bench/memory-probe.mjs): answers
// the parent's 'memory' message with process.memoryUsage() as it is (no collection forced: what an
// operator's tools read), and 'memory-after-gc' with it taken after full garbage collections (what the
// sockets keep alive).
process.on('message', (message) => {
  if (message !== 'memory' && message !== 'memory-after-gc') return;
  if (message === 'memory-after-gc') for (let i = 0; i < 3; i++) globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
// The IPC channel must not keep a stopped server alive.
process.channel?.unref();
