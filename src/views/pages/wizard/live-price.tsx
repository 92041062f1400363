import { useSelector } from '@xstate/react';
import { useT } from '../../../services/i18n';
import { PriceBreakdown, type PriceState } from '../../components/board/price-breakdown';
import { WizardActor } from './wizard-actor';
import { useDfmPending } from './wizard-dfm';

/** The price, live from the wizard's `quote` child; never blocks the fields (the child waits for a pause in typing). */
export function LivePrice() {
  const t = useT();
  const quoteRef = WizardActor.useSelector((snapshot) => snapshot.children.quote);
  const state = useSelector(quoteRef, (snapshot) => (snapshot ? (snapshot.value as PriceState) : 'idle'));
  const quote = useSelector(quoteRef, (snapshot) => snapshot?.context.quote ?? null);
  const error = useSelector(quoteRef, (snapshot) => snapshot?.context.error ?? null);
  const provisional = useDfmPending();
  const message = state === 'failed' ? error || t('board.price.failed') : state === 'invalid' ? t('board.price.invalid') : undefined;
  return <PriceBreakdown quote={quote} state={state} message={message} provisional={provisional} />;
}
