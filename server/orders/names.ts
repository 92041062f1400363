import type { OrderAction, OrderStatus, RequestStatus } from '../../src/contract/orders';

/**
 * Names for the error texts of server/http/messages.ts, in both languages. A user never reads a code: the order
 * statuses are named as one order is ('Отменён', as the app's `orderStatusOne`), not as the plural tabs of the
 * reference list; the actions read as the verb of "cannot … an order" ("Нельзя … заказ").
 */
type Names = { ru: string; en: string };

const ACTIONS: Record<OrderAction, Names> = {
  approve: { ru: 'одобрить', en: 'approve' },
  hold: { ru: 'приостановить', en: 'hold' },
  release: { ru: 'возобновить', en: 'release' },
  pay: { ru: 'отметить оплаченным', en: 'mark as paid' },
  finish: { ru: 'завершить изготовление', en: 'finish' },
  ship: { ru: 'отгрузить', en: 'ship' },
  cancel: { ru: 'отменить', en: 'cancel' },
};

const ORDER_STATUS_NAMES: Record<OrderStatus, Names> = {
  on_check: { ru: 'Оформление', en: 'Processing' },
  waiting_for_payment: { ru: 'Ожидает оплаты', en: 'Awaiting payment' },
  in_progress: { ru: 'Изготовление', en: 'In production' },
  in_stock: { ru: 'На складе', en: 'In stock' },
  shipped: { ru: 'Отгружен', en: 'Shipped' },
  canceled: { ru: 'Отменён', en: 'Canceled' },
};

/** As the app's `requestStatus` names them. */
const REQUEST_STATUS_NAMES: Record<RequestStatus, Names> = {
  new: { ru: 'Новая', en: 'New' },
  processing: { ru: 'В работе', en: 'Processing' },
  completed: { ru: 'Выполнена', en: 'Completed' },
  canceled: { ru: 'Отменена', en: 'Canceled' },
  rejected: { ru: 'Отклонена', en: 'Rejected' },
  improving: { ru: 'Доработка', en: 'Being improved' },
};

const HELD: Names = { ru: 'приостановлен', en: 'held' };

/** Params naming an order's state: `status` in Russian, `statusEn` in English (held shown as such). */
export function statusNames(status: OrderStatus, held: boolean): { status: string; statusEn: string } {
  const { ru, en } = ORDER_STATUS_NAMES[status];
  return held ? { status: `${ru}, ${HELD.ru}`, statusEn: `${en}, ${HELD.en}` } : { status: ru, statusEn: en };
}

export function actionNames(action: OrderAction): { action: string; actionEn: string } {
  return { action: ACTIONS[action].ru, actionEn: ACTIONS[action].en };
}

/** Params of a refused complaint move: `from`/`to` in Russian, `fromEn`/`toEn` in English. */
export function complaintMoveNames(from: RequestStatus, to: RequestStatus): Record<'from' | 'fromEn' | 'to' | 'toEn', string> {
  return { from: REQUEST_STATUS_NAMES[from].ru, fromEn: REQUEST_STATUS_NAMES[from].en, to: REQUEST_STATUS_NAMES[to].ru, toEn: REQUEST_STATUS_NAMES[to].en };
}
