import type { ProjectParams } from '../../contract/board';
import type { PriceQuote, Project } from '../../contract/projects';

/** 'Заказать' puts the board into the cart ready to order; 'Сохранить проект' keeps it as a draft. */
export type QuoteIntent = 'order' | 'save';

/** What the visitor asked to order: the board worked out on /quote (files or parameters by hand). */
export interface PendingQuote {
  /** The quote's upload; null when the parameters were entered by hand. */
  uploadId: string | null;
  title: string;
  params: ProjectParams;
  /** The price the visitor saw, shown again while they pick the client (the project is priced afresh on saving). */
  price: PriceQuote | null;
  /** Kept without one by older quotes: such a quote is saved as a draft, as it was asked. */
  intent: QuoteIntent;
}

export interface QuoteFlowInput {
  signedIn: boolean;
}

export interface ClaimInput {
  /** Never null in practice (a guard keeps it so); typed as the context holds it. */
  pending: PendingQuote | null;
  clientId: number;
}

/** Where the claim left the board: a project, and whether it is in the cart (for an engineer's review or not). */
export interface QuoteOutcome {
  project: Project;
  inCart: boolean;
  dfmReview: boolean;
}
