// Loads the TypeScript task in a worker thread, as server/board-files/runner-entry.mjs does for a runner process.
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./bench-raw-stackup.ts', import.meta.url);

export const stackup = task.stackup;
