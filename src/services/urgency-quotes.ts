import { useContext, useEffect, useState } from 'react';
import { URGENCIES, type ProjectParams, type Urgency } from '../contract/board';
import type { PriceQuote } from '../contract/projects';
import { PriceSource } from './price-source';
import { quoteOutsideWizard } from './wizard';

export type UrgencyQuotes = Partial<Record<Urgency, PriceQuote>>;


/** After the parameters rest this long; the same pause as the live price. */
const SETTLE_MS = 400;

/**
 * The price and days of every urgency for the same parameters, so the order step can show what hurrying costs.
 * Asked only for parameters the factory can make; an urgency that fails simply shows no figures.
 */
export function useUrgencyQuotes(params: ProjectParams, enabled: boolean): UrgencyQuotes {
  const [quotes, setQuotes] = useState<{ key: string; quotes: UrgencyQuotes }>({ key: '', quotes: {} });
  const fetchQuote = useContext(PriceSource) ?? quoteOutsideWizard;
  const key = enabled ? JSON.stringify({ ...params, urgency: null }) : '';
  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    const base = JSON.parse(key) as Omit<ProjectParams, 'urgency'>;
    const timer = setTimeout(() => {
      for (const urgency of URGENCIES) {
        fetchQuote({ ...base, urgency }, controller.signal).then(
          (quote) => setQuotes((current) => ({
            key,
            quotes: { ...(current.key === key ? current.quotes : {}), [urgency]: quote },
          })),
          () => undefined,
        );
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, fetchQuote]);
  return quotes.key === key ? quotes.quotes : {};
}
