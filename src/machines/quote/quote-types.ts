import type { ProjectParams } from '../../contract/board';

/** What the visitor asked to order: the board worked out on /quote (files or parameters by hand). */
export interface PendingQuote {
  /** The quote's upload; null when the parameters were entered by hand. */
  uploadId: string | null;
  title: string;
  params: ProjectParams;
}

export interface QuoteFlowInput {
  signedIn: boolean;
}

export interface ClaimInput {
  /** Never null in practice (a guard keeps it so); typed as the context holds it. */
  pending: PendingQuote | null;
  clientId: number;
}
