import type { Cart, PlacedOrder } from '../../contract/cart';
import type { Contact } from '../../contract/contacts';
import type { Payer } from '../../contract/payers';
import type { DeliverySetting } from '../../contract/delivery-settings';
import type { DeliveryKind } from '../../contract/delivery-settings';

/** A reference pickup point or warehouse, with the delivery kind its method stands for. */
export interface CheckoutEndpoint {
  id: number;
  kind: DeliveryKind;
  name: string;
  nameEn: string;
  address: string;
}

/** What checkout needs of the chosen client: who pays, who is called, where it can go. */
export interface CheckoutClientData {
  payers: Payer[];
  contacts: Contact[];
  deliverySettings: DeliverySetting[];
  endpoints: CheckoutEndpoint[];
}

export interface LoadedClientData extends CheckoutClientData {
  clientId: number;
}

/** One choice of the delivery step: an endpoint or a delivery setting, by the kind. */
export interface DeliveryPoint {
  id: number;
  name: string;
  nameEn: string;
  address: string;
  recipientName: string;
  recipientPhone: string | null;
  isDefault: boolean;
}

interface DeliveryChoice {
  kind: DeliveryKind | null;
  pointId: number | null;
}

/** The steps in order: the one list the step type is read from. */
export const CHECKOUT_STEPS = ['client', 'payer', 'contact', 'delivery', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutInput {
  /** `?client=` of /cart/checkout; null lets the customer choose when the cart holds several clients. */
  clientId: number | null;
}

export interface CheckoutContext {
  requestedClientId: number | null;
  cart: Cart | null;
  clientId: number | null;
  data: LoadedClientData | null;
  payerId: number | null;
  contactId: number | null;
  delivery: DeliveryChoice;
  comment: string;
  /** 'Файлы пришлю позже': asked on the review only when a line has no files; without it that order is refused. */
  filesLater: boolean;
  /** The lines for an engineer's review go as an order of their own; asked only when clean lines are there too. */
  splitReview: boolean;
  /** The step on screen; null before the first one. */
  step: CheckoutStep | null;
  /** The latest step reached since the client was chosen; the side list opens steps up to it. */
  furthest: CheckoutStep;
  /** Sent with every attempt to place the request it was made for (`keyRequest`), so a retry makes no second order. */
  idempotencyKey: string | null;
  keyRequest: string | null;
  keysMade: number;
  error: string | null;
  errorField: string | null;
  placed: PlacedOrder | null;
}

export type CheckoutEvent =
  | { type: 'checkout.chooseClient'; clientId: number }
  | { type: 'checkout.choosePayer'; payerId: number }
  | { type: 'checkout.chooseContact'; contactId: number }
  | { type: 'checkout.chooseDeliveryKind'; kind: DeliveryKind }
  | { type: 'checkout.chooseDeliveryPoint'; pointId: number }
  | { type: 'checkout.setComment'; comment: string }
  | { type: 'checkout.setFilesLater'; filesLater: boolean }
  | { type: 'checkout.setSplitReview'; splitReview: boolean }
  | { type: 'checkout.next' }
  | { type: 'checkout.back' }
  | { type: 'checkout.goTo'; step: CheckoutStep }
  | { type: 'checkout.place' }
  | { type: 'checkout.retry' };
