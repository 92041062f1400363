/**
 * The board pictures service for view tests that mock it: a picture with an address is loaded at once (its object
 * URL is `blob:` and the address), one without is none, and nothing is fetched.
 */
import type { BoardImage } from '../../src/services/board-images';

export const provideBoardImageFetch = () => () => undefined;

export const useBoardImage = (url: string | null): BoardImage =>
  url ? { status: 'loaded', src: `blob:${url}`, retry: () => undefined } : { status: 'none', src: null, retry: () => undefined };
