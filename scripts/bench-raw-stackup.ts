import pcbStackup from '@pcb-portal/pcb-stackup';

/** Raw pcb-stackup for the bench, run in a worker thread (scripts/bench-raw-entry.mjs) so a slow board can be stopped. */
export interface RawLayer { filename: string; gerber: string; type?: string; side?: string }

export async function stackup(layers: RawLayer[]): Promise<number> {
  const started = performance.now();
  await pcbStackup(layers as Parameters<typeof pcbStackup>[0], { id: 'raw' });
  return performance.now() - started;
}
