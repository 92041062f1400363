import { gateway as enTexts } from '../../locales/en.json';
import { gateway as ruTexts } from '../../locales/ru.json';
import type { OrderAction, OrderStatus, RequestStatus } from '../../src/contract/orders';
import type { Lang } from '../http/messages';

/**
 * Names for the error texts of server/http/messages.ts, in both languages, from the `gateway.names` section of the
 * locales. A user never reads a code: the order statuses are named as one order is ('Отменён', as the app's
 * `orderStatusOne`), not as the plural tabs of the reference list; the actions read as the verb of "cannot … an
 * order" ("Нельзя … заказ"); the complaints' statuses as the app's `requestStatus` names them.
 */
interface Names {
  orderStatuses: Record<OrderStatus, string>;
  orderActions: Record<OrderAction, string>;
  requestStatuses: Record<RequestStatus, string>;
  held: string;
}

// Typed by the contract's codes: a status or an action without its name in either language fails to compile.
const NAMES: Record<Lang, Names> = { ru: ruTexts.names, en: enTexts.names };

const statusIn = (lang: Lang, status: OrderStatus, held: boolean) => {
  const { orderStatuses, held: heldName } = NAMES[lang];
  return held ? `${orderStatuses[status]}, ${heldName}` : orderStatuses[status];
};

/** Params naming an order's state: `status` in Russian, `statusEn` in English (held shown as such). */
export function statusNames(status: OrderStatus, held: boolean): { status: string; statusEn: string } {
  return { status: statusIn('ru', status, held), statusEn: statusIn('en', status, held) };
}

export function actionNames(action: OrderAction): { action: string; actionEn: string } {
  return { action: NAMES.ru.orderActions[action], actionEn: NAMES.en.orderActions[action] };
}

/** Params of a refused complaint move: `from`/`to` in Russian, `fromEn`/`toEn` in English. */
export function complaintMoveNames(from: RequestStatus, to: RequestStatus): Record<'from' | 'fromEn' | 'to' | 'toEn', string> {
  const ru = NAMES.ru.requestStatuses;
  const en = NAMES.en.requestStatuses;
  return { from: ru[from], fromEn: en[from], to: ru[to], toEn: en[to] };
}
