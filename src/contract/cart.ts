import { array, boolean, enums, integer, nullable, number, object, optional, size, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { LIMITS, PRODUCT_TYPES } from './board';
import { entityId, text, uuid } from './fields';
import { DFM_REVIEW_REASONS } from './dfm';
import { PROJECT_STATUSES } from './projects';
import { DELIVERY_KINDS } from './delivery-settings';

/** The most a cart line can ask for, as a project can; more is a quote request, not a cart. */
export const CART_MAX_QUANTITY = LIMITS.quantity.max;

/** One project in the signed-in user's cart. The price is the whole line's; null is shown as 'Оценка'. */
export const cartLine = object({
  id: integer(),
  projectId: integer(),
  title: string(),
  productType: enums(PRODUCT_TYPES),
  projectStatus: enums(PROJECT_STATUSES),
  clientId: integer(),
  clientName: string(),
  quantity: integer(),
  price: nullable(number()),
  unitPrice: nullable(number()),
  /** Working days to ship at the project's urgency; null with the price. */
  days: nullable(integer()),
  previewUrl: nullable(string()),
  /** The project's current version has processed files; ordering a line without them needs 'files later'. */
  hasFiles: boolean(),
  /** Added for an engineer's review of its DFM errors: its order is placed held at the check. */
  dfmReview: boolean(),
  /** Why the line goes for review when it is not (only) its DFM errors: the layers were corrected by hand. */
  dfmReviewReason: optional(enums(DFM_REVIEW_REASONS)),
});
export type CartLine = Infer<typeof cartLine>;

export const cart = object({
  lines: array(cartLine),
  /** Sum of the priced lines; lines marked 'Оценка' add nothing. */
  total: number(),
});
export type Cart = Infer<typeof cart>;

export const getCart = defineCall({ method: 'GET', path: '/cart/List', access: 'user', response: cart });

/** A new quantity is priced again with the project's parameters (price per piece falls with quantity). */
export const setCartQuantity = defineCall({
  method: 'POST', path: '/cart/SetQuantity', access: 'user',
  body: object({ lineId: entityId, quantity: size(integer(), 1, CART_MAX_QUANTITY) }), response: cartLine,
});
export const removeCartLine = defineCall({
  method: 'DELETE', path: '/cart/Remove', access: 'user',
  body: object({ lineId: entityId }), response: object({ cartTotal: integer() }),
});

/**
 * Delivery as chosen at checkout: pickup points and warehouses come from the reference endpoints; a courier or
 * the post goes to one of the client's saved delivery settings of that kind.
 */
export const checkoutDelivery = object({
  kind: enums(DELIVERY_KINDS),
  endpointId: nullable(entityId),
  deliverySettingId: nullable(entityId),
});
export type CheckoutDelivery = Infer<typeof checkoutDelivery>;

/** The longest comment an order takes (the review's field stops there). */
export const CHECKOUT_COMMENT_MAX = 2000;

/**
 * Places an order from the cart lines the customer reviewed. The idempotency key makes a double click or a
 * retried request return the order the first one made; lines that changed since the review give 409.
 */
export const checkoutRequest = object({
  idempotencyKey: uuid,
  clientId: entityId,
  payerId: entityId,
  contactId: entityId,
  delivery: checkoutDelivery,
  comment: text(CHECKOUT_COMMENT_MAX),
  lineIds: size(array(entityId), 1, 200),
  /**
   * 'Файлы пришлю позже': lines without files may be ordered; the order is held at the engineering check
   * until they are attached on the order page. Without it such a line is refused (400, field `filesLater`).
   */
  filesLater: optional(boolean()),
  /**
   * The lines going for an engineer's review are placed as an order of their own, so the clean ones go on
   * at once. Both orders are placed in one transaction, each with its number, total and letter; without review lines,
   * or without clean ones, one order is placed as usual.
   */
  splitReview: optional(boolean()),
});
export type CheckoutRequest = Infer<typeof checkoutRequest>;
const placedOrderNumber = object({ orderId: integer(), number: string() });
/** The order checkout placed (or had placed for the same idempotency key), and the review order split off it. */
export const placedOrder = object({ ...placedOrderNumber.schema, reviewOrder: optional(placedOrderNumber) });
export type PlacedOrder = Infer<typeof placedOrder>;
export const checkout = defineCall({
  method: 'POST', path: '/cart/Checkout', access: 'user', body: checkoutRequest, response: placedOrder,
});
