// Loaded into the soaked gateway with `--import` (plain JavaScript, so it also loads into a built gateway): answers
// the soak's IPC question with process.memoryUsage() as it stands, then again after a full collection (--expose-gc).
import process from 'node:process';

process.on('message', (message) => {
  if (message?.soak !== 'measure') return;
  const idle = process.memoryUsage();
  globalThis.gc?.();
  process.send?.({ soak: 'memory', idle, collected: process.memoryUsage() });
});
