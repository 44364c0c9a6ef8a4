// Loaded into a benchmarked server process (node --expose-gc --import ./bench/memory-probe.mjs): answers
// the parent's 'memory' message with process.memoryUsage() taken after full garbage collections.
process.on('message', (message) => {
  if (message !== 'memory') return;
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
// The IPC channel must not keep a stopped server alive.
process.channel?.unref();
