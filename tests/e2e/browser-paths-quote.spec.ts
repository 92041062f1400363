import { walkBrowserPaths } from './browser-paths/walk';

// The graph paths of the quote and the wizard: long walks, each with a board to process (tests/e2e/browser-paths/walk.ts).
walkBrowserPaths(['quoteFlow', 'wizardBoard']);
