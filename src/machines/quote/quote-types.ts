import type { ProjectParams } from '../../contract/board';
import type { PriceQuote } from '../../contract/projects';

/** What the visitor asked to order: the board worked out on /quote (files or parameters by hand). */
export interface PendingQuote {
  /** The quote's upload; null when the parameters were entered by hand. */
  uploadId: string | null;
  title: string;
  params: ProjectParams;
  /** The price the visitor saw, shown again while they pick the client (the project is priced afresh on saving). */
  price: PriceQuote | null;
}

export interface QuoteFlowInput {
  signedIn: boolean;
}

export interface ClaimInput {
  /** Never null in practice (a guard keeps it so); typed as the context holds it. */
  pending: PendingQuote | null;
  clientId: number;
}
