import type { OrderAction, OrderStatus } from '../../src/contract/orders';
import { ORDER_STATUSES } from '../seed/reference-data';

/**
 * Names for the error texts of server/http/messages.ts, in both languages: the status names are the reference
 * list's, the actions read as the verb of "cannot … an order" ("Нельзя … заказ").
 */
const ACTIONS: Record<OrderAction, { ru: string; en: string }> = {
  approve: { ru: 'одобрить', en: 'approve' },
  hold: { ru: 'приостановить', en: 'hold' },
  release: { ru: 'возобновить', en: 'release' },
  pay: { ru: 'отметить оплаченным', en: 'mark as paid' },
  finish: { ru: 'завершить изготовление', en: 'finish' },
  ship: { ru: 'отгрузить', en: 'ship' },
  cancel: { ru: 'отменить', en: 'cancel' },
};

const HELD = { ru: 'приостановлен', en: 'held' };

/** Params naming an order's state: `status` in Russian, `statusEn` in English (held shown as such). */
export function statusNames(status: OrderStatus, held: boolean): { status: string; statusEn: string } {
  const row = ORDER_STATUSES.find((one) => one.code === status);
  const ru = row?.name ?? status;
  const en = row?.nameEn ?? status;
  return held ? { status: `${ru}, ${HELD.ru}`, statusEn: `${en}, ${HELD.en}` } : { status: ru, statusEn: en };
}

export function actionNames(action: OrderAction): { action: string; actionEn: string; actionCode: string } {
  return { action: ACTIONS[action].ru, actionEn: ACTIONS[action].en, actionCode: action };
}
