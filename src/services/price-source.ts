import { createContext } from 'react';
import type { ProjectParams } from '../contract/board';
import type { PriceQuote } from '../contract/projects';

export type PriceOf = (params: ProjectParams, signal?: AbortSignal) => Promise<PriceQuote>;

/**
 * Where a page's side prices come from (each urgency's, each DFM cure's): null for the signed-in price call, or the
 * instant quote's anonymous one on /quote, where a visitor has no session to make the signed-in one.
 */
export const PriceSource = createContext<PriceOf | null>(null);
