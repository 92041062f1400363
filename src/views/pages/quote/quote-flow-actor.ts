import { createActorContext } from '@xstate/react';
import { quoteMachine } from '../../../machines/quote/quote';

/** The page's one quote flow; the page's Provider runs it with storage and navigation supplied. */
export const QuoteFlowActor = createActorContext(quoteMachine);
