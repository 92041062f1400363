import type { MachineEntry } from './registry-entry';

// Registry entries of the board wizard and project machines (issue 6); src/machines/index.ts lists them with the rest.
export const projectsEntries: readonly MachineEntry[] = [];
