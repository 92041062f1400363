import type { SystemHold } from '../../src/contract/orders';
import { translate, type Lang, type MessageKey } from '../http/messages';

/**
 * The holds the system places an order under (issue 21). The row keeps the code beside a Russian `holdReason` (the
 * operators' language, and what makes the order held); every answer reads the reason in the reader's language.
 */
const HOLD_TEXTS: Readonly<Record<SystemHold, MessageKey>> = {
  filesAwaited: 'orderFilesHoldReason',
  dfmReview: 'orderDfmReviewHoldReason',
};

/** The reason stored with a system hold. */
export const storedHoldReason = (code: SystemHold): string => translate('ru', HOLD_TEXTS[code]);

/** A hold reason as `lang` reads it: a system hold's text in that language, an operator's own reason as written. */
export function holdReasonIn(lang: Lang, reason: string | null, code: SystemHold | null): string | null {
  if (reason === null || code === null) return reason;
  return translate(lang, HOLD_TEXTS[code]);
}
