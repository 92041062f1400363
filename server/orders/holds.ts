import type { SystemHold } from '../../src/contract/orders';
import { translate, type Lang, type MessageKey } from '../http/messages';

/** The holds whose reason is the system's own words; an engineer's question is held with the engineer's. */
type WordedHold = Exclude<SystemHold, 'engineerRequest'>;

/**
 * The holds the system places an order under. The row keeps the code beside a Russian `holdReason` (the
 * operators' language, and what makes the order held); every answer reads the reason in the reader's language.
 */
const HOLD_TEXTS: Readonly<Record<WordedHold, MessageKey>> = {
  filesAwaited: 'orderFilesHoldReason',
  dfmReview: 'orderDfmReviewHoldReason',
};

/** The reason stored with a system hold. */
export const storedHoldReason = (code: WordedHold): string => translate('ru', HOLD_TEXTS[code]);

/** A hold reason as `lang` reads it: a system hold's text in that language, a person's own words as written. */
export function holdReasonIn(lang: Lang, reason: string | null, code: SystemHold | null): string | null {
  if (reason === null || code === null || code === 'engineerRequest') return reason;
  return translate(lang, HOLD_TEXTS[code]);
}
