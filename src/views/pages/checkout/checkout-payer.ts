import type { Payer } from '../../../contract/payers';
import type { t as translate } from '../../../services/i18n';

/** A payer's INN and, when it has one, its KPP, each as its own text: a card's line each, or one line of both. */
export const payerCodes = (t: typeof translate, payer: Pick<Payer, 'inn' | 'kpp'>): string[] =>
  [t('checkout.payer.inn', { inn: payer.inn }), payer.kpp ? t('checkout.payer.kpp', { kpp: payer.kpp }) : ''].filter(Boolean);
