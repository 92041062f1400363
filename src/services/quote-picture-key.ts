import { createContext } from 'react';

/**
 * An instant quote's pictures go with the visitor's key instead of a token: the page showing a quote
 * provides the key, and nothing else sends it. Its DFM is asked for with the key too. A module of its own, so what
 * reads the key does not load the pictures' cache.
 */
export const QuotePictureKey = createContext<string | null>(null);
