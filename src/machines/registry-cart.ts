import type { MachineEntry } from './registry-entry';

// Registry entries of the cart and checkout machines (issue 7); src/machines/index.ts lists them with the rest.

export const cartEntries: readonly MachineEntry[] = [];
