import { createActorContext } from '@xstate/react';
import { quoteFlowMachine } from '../../../machines/quote/quote';

/** The page's one quote flow; the page's Provider runs it with storage and navigation supplied. */
export const QuoteFlowActor = createActorContext(quoteFlowMachine);
