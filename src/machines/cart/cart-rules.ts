import type { Cart, CartLine } from '../../contract/cart';
import { vatOfLines } from '../../contract/vat';
import type { CartContext, ClientGroup, LineBlocker } from './cart-types';

// What the cart and checkout machines (and the pages that draw them) agree a cart line means, and the cart's rules.

export function lineBlocker(line: Pick<CartLine, 'projectStatus' | 'price'>): LineBlocker | null {
  if (line.projectStatus !== 'actual') return 'notActual';
  return line.price === null ? 'noPrice' : null;
}

const isOrderable = (line: Pick<CartLine, 'projectStatus' | 'price'>): boolean => lineBlocker(line) === null;

/** Kopecks: sums of prices are rounded once, so 0.1 + 0.2 does not show as 0,30000000000000004. */
const roundMoney = (value: number): number => Math.round(value * 100) / 100;

/** Sum of the priced lines: a line marked 'Оценка' adds nothing (the contract's `Cart.total`). */
export const sumPrices = (lines: readonly CartLine[]): number =>
  roundMoney(lines.reduce((sum, line) => sum + (line.price ?? 0), 0));

/** The VAT the invoice will state for these lines: each line's VAT to the kopeck, summed (src/contract/vat.ts). */
export const vatOfPricedLines = (lines: readonly CartLine[]): number => vatOfLines(lines.map((line) => line.price ?? 0));

/** Groups in the order their first line appears in the cart. */
export function groupByClient(lines: readonly CartLine[]): ClientGroup[] {
  const groups = new Map<number, CartLine[]>();
  for (const line of lines) groups.set(line.clientId, [...(groups.get(line.clientId) ?? []), line]);
  return [...groups.entries()].map(([clientId, own]) => {
    const orderable = own.filter(isOrderable);
    return { clientId, clientName: own[0]?.clientName ?? '', lines: own, orderable, subtotal: sumPrices(orderable) };
  });
}

/** The clients checkout can be done for: those with at least one orderable line. */
export const orderableGroups = (cart: Cart | null): ClientGroup[] =>
  groupByClient(cart?.lines ?? []).filter((group) => group.orderable.length > 0);

/** The record without the entries of these line ids. */
export const without = <T>(record: Record<number, T>, ids: readonly number[]): Record<number, T> =>
  Object.fromEntries(Object.entries(record).filter(([id]) => !ids.includes(Number(id))));

export const withLines = (lines: CartLine[]): Cart => ({ lines, total: sumPrices(lines) });

/** What the quantity field shows: the typed value (valid or not), else the one being sent, else the gateway's. */
export function shownQuantity(context: Pick<CartContext, 'drafts' | 'sending' | 'invalid'>, line: CartLine): number {
  return context.invalid[line.id] ?? context.drafts[line.id] ?? context.sending[line.id] ?? line.quantity;
}

export const isRepricing = (context: Pick<CartContext, 'drafts' | 'sending'>, lineId: number): boolean =>
  lineId in context.drafts || lineId in context.sending;

/** Nothing typed (valid or not), sent or being removed: a reload would lose nothing. */
export const isSettled = (context: CartContext): boolean =>
  Object.keys(context.drafts).length === 0 && Object.keys(context.sending).length === 0 && context.removals.length === 0
  && !hasInvalidQuantity(context);

export const hasInvalidQuantity = (context: Pick<CartContext, 'invalid'>): boolean => Object.keys(context.invalid).length > 0;

/** The line of the loaded cart with this id. */
export const lineOf = (context: CartContext, lineId: number) => context.cart?.lines.find((line) => line.id === lineId);
