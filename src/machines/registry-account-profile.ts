import type { MachineEntry } from './registry-entry';

// Registry entries of the account machines (issue 5); src/machines/index.ts lists them with the rest.
// Expected here: credentialChange,reserveConfirmation.
export const accountProfileEntries: readonly MachineEntry[] = [];
