import type { Cart, CartLine } from '../../contract/cart';

/** Why a line cannot be ordered yet: the project is not ready to order, or it has no price to order at. */
export type LineBlocker = 'notActual' | 'noPrice';

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

export interface QuantityChange {
  lineId: number;
  quantity: number;
}

/** One answer per sent line: the line priced again, or the gateway's words why not. */
export type QuantityResult = { lineId: number; line: CartLine } | { lineId: number; error: string };

export interface CartContext {
  cart: Cart | null;
  /** Quantities typed and not sent yet, by line id. */
  drafts: Record<number, number>;
  /**
   * Quantities typed that no order could take (out of range, not whole, not a number: NaN), by line id. They stay
   * as typed, marked on their line, and are never sent; typing one drops what was waiting to be sent for the line.
   */
  invalid: Record<number, number>;
  /** Quantities sent and not answered yet, by line id: those lines are being priced again. */
  sending: Record<number, number>;
  /** Lines to remove, in the order asked; the first is being removed. */
  removals: number[];
  /** The gateway's last refusal per line (a quantity or a removal). */
  lineErrors: Record<number, string>;
  loadError: string | null;
}

export type CartEvent =
  | { type: 'cart.setQuantity'; lineId: number; quantity: number }
  | { type: 'cart.remove'; lineId: number }
  | { type: 'cart.reload' };
