import { walkBrowserPaths } from './browser-paths/walk';

// The graph paths of the checkout: long walks through a cart (tests/e2e/browser-paths/walk.ts).
walkBrowserPaths(['checkout']);
