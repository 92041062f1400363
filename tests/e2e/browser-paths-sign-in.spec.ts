import { walkBrowserPaths } from './browser-paths/walk';

// The graph paths of login and registration: many short paths (tests/e2e/browser-paths/walk.ts).
walkBrowserPaths(['login', 'registration']);
