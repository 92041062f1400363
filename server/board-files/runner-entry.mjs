// The file a runner process starts with (worker-pool.ts). A child process does not inherit the TypeScript loader of
// the gateway (tsx under `npm start` and the scripts, vite under vitest), so it compiles the runner with tsx's own
// import; the production build puts the compiled runner here instead (scripts/build-server.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./runner-main.ts', import.meta.url);
