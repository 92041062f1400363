import type { PriceQuote } from '../../contract/projects';
import type { WizardBoardContext } from '../wizard-board/wizard-board-types';
import type { PendingQuote, QuoteIntent } from './quote-types';

/** A board can be ordered from /quote once it is makeable and, on the files' way, its files are analysed. */
export const isOrderable = (context: WizardBoardContext): boolean =>
  context.problems.length === 0 && (context.way === 'manual' || (context.analysis !== null && context.uploadId !== null));

/**
 * What 'Заказать' (or 'Сохранить проект') carries through sign-in: the title (typed, or the board's name from its
 * files), else `fallbackTitle`.
 */
export function pendingQuoteOf(
  context: WizardBoardContext, fallbackTitle: string, price: PriceQuote | null, intent: QuoteIntent,
): PendingQuote {
  const title = context.title.trim() || fallbackTitle;
  return { uploadId: context.way === 'manual' ? null : context.uploadId, title: title.slice(0, 200), params: context.params, price, intent };
}
