import type { Cart, CartLine } from '../contract/cart';
import { VAT_PERCENT } from '../contract/orders';

// What the cart and checkout machines (and the pages that draw them) agree a cart line means.

/** Why a line cannot be ordered yet: the project is not ready to order, or it has no price to order at. */
export type LineBlocker = 'notActual' | 'noPrice';

export function lineBlocker(line: Pick<CartLine, 'projectStatus' | 'price'>): LineBlocker | null {
  if (line.projectStatus !== 'actual') return 'notActual';
  return line.price === null ? 'noPrice' : null;
}

export const isOrderable = (line: Pick<CartLine, 'projectStatus' | 'price'>): boolean => lineBlocker(line) === null;

/** Kopecks: sums of prices are rounded once, so 0.1 + 0.2 does not show as 0,30000000000000004. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;

/** Sum of the priced lines: a line marked 'Оценка' adds nothing (the contract's `Cart.total`). */
export const sumPrices = (lines: readonly CartLine[]): number =>
  roundMoney(lines.reduce((sum, line) => sum + (line.price ?? 0), 0));

/** Prices include VAT (contract `VAT_PERCENT`): the share of it in a total, as an invoice states it. */
export const vatOf = (total: number): number => roundMoney((total * VAT_PERCENT) / (100 + VAT_PERCENT));

/** Checkout is per client: the cart is shown, summed and ordered client by client. */
export interface ClientGroup {
  clientId: number;
  clientName: string;
  lines: CartLine[];
  /** The lines checkout would take: ready to order and priced. */
  orderable: CartLine[];
  /** Sum of the orderable lines only. */
  subtotal: number;
}

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
