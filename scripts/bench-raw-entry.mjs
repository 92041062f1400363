// Loads the TypeScript task in a worker thread through tsx's own import (a bench's raw peer, not the gateway's runners).
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./bench-raw-stackup.ts', import.meta.url);

export const stackup = task.stackup;
