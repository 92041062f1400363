// The file Piscina loads in each worker thread. A worker does not inherit the TypeScript loader of the thread that
// made it (tsx under `npm start` and the scripts, vite under vitest), so it compiles the tasks with tsx's own import.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./worker-tasks.ts', import.meta.url);

export const unpack = tasks.unpack;
export const analyse = tasks.analyse;
