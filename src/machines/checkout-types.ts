import type { Cart, CheckoutRequest } from '../contract/cart';
import type { Contact } from '../contract/contacts';
import type { Counteragent } from '../contract/counteragents';
import { KINDS_WITH_ENDPOINT, type DeliverySetting } from '../contract/delivery-settings';
import type { DeliveryKind } from '../contract/orders';
import { orderableGroups, type ClientGroup } from './cart-types';

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
  payers: Counteragent[];
  contacts: Contact[];
  deliverySettings: DeliverySetting[];
  endpoints: CheckoutEndpoint[];
}

export interface LoadedClientData extends CheckoutClientData {
  clientId: number;
}

/** Pickup points and warehouses are the manufacturer's; a courier or the post goes to a saved address of the client. */
export const usesEndpoint = (kind: DeliveryKind): boolean => KINDS_WITH_ENDPOINT.includes(kind);

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

export function pointsOf(data: CheckoutClientData | null, kind: DeliveryKind | null): DeliveryPoint[] {
  if (!data || !kind) return [];
  if (usesEndpoint(kind)) {
    return data.endpoints.filter((point) => point.kind === kind).map((point) => ({
      id: point.id, name: point.name, nameEn: point.nameEn, address: point.address, recipientName: '', recipientPhone: null, isDefault: false,
    }));
  }
  return data.deliverySettings.filter((setting) => setting.kind === kind).map((setting) => ({
    id: setting.id, name: setting.name, nameEn: setting.name, address: [setting.postalCode, setting.address].filter(Boolean).join(', '),
    recipientName: setting.recipientName, recipientPhone: setting.recipientPhone, isDefault: setting.isDefault,
  }));
}

/** The point a kind starts with: the client's default address of it, else its only point, else none. */
export function defaultPointOf(data: CheckoutClientData | null, kind: DeliveryKind): number | null {
  const points = pointsOf(data, kind);
  return (points.find((point) => point.isDefault) ?? (points.length === 1 ? points[0] : undefined))?.id ?? null;
}

export interface DeliveryChoice {
  kind: DeliveryKind | null;
  pointId: number | null;
}

export const CHECKOUT_STEPS = ['client', 'payer', 'contact', 'delivery', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface PlacedOrder {
  orderId: number;
  number: string;
}

export interface CheckoutInput {
  /** `?client=` of /cart/checkout; null lets the customer choose when the cart holds several clients. */
  clientId: number | null;
}

export interface CheckoutContext {
  requestedClientId: number | null;
  cart: Cart | null;
  clientId: number | null;
  data: LoadedClientData | null;
  counteragentId: number | null;
  contactId: number | null;
  delivery: DeliveryChoice;
  comment: string;
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
  | { type: 'checkout.choosePayer'; counteragentId: number }
  | { type: 'checkout.chooseContact'; contactId: number }
  | { type: 'checkout.chooseDeliveryKind'; kind: DeliveryKind }
  | { type: 'checkout.chooseDeliveryPoint'; pointId: number }
  | { type: 'checkout.setComment'; comment: string }
  | { type: 'checkout.next' }
  | { type: 'checkout.back' }
  | { type: 'checkout.goTo'; step: CheckoutStep }
  | { type: 'checkout.place' }
  | { type: 'checkout.retry' };

/** The clients with something to order; the client step is shown only when there are several. */
export const clientsOf = (context: Pick<CheckoutContext, 'cart'>): ClientGroup[] => orderableGroups(context.cart);

export const stepsOf = (context: Pick<CheckoutContext, 'cart'>): CheckoutStep[] =>
  clientsOf(context).length > 1 ? [...CHECKOUT_STEPS] : CHECKOUT_STEPS.filter((step) => step !== 'client');

export const groupOf = (context: Pick<CheckoutContext, 'cart' | 'clientId'>): ClientGroup | undefined =>
  clientsOf(context).find((group) => group.clientId === context.clientId);

const dataOf = (context: CheckoutContext): LoadedClientData | null =>
  context.data && context.data.clientId === context.clientId ? context.data : null;

export const hasPayer = (context: CheckoutContext): boolean =>
  dataOf(context)?.payers.some((payer) => payer.id === context.counteragentId) ?? false;
export const hasContact = (context: CheckoutContext): boolean =>
  dataOf(context)?.contacts.some((contact) => contact.id === context.contactId) ?? false;
export const hasDelivery = (context: CheckoutContext): boolean =>
  pointsOf(dataOf(context), context.delivery.kind).some((point) => point.id === context.delivery.pointId);

/** Whether everything a step asks for is chosen. */
export function isStepDone(context: CheckoutContext, step: CheckoutStep): boolean {
  if (step === 'client') return groupOf(context) !== undefined;
  if (step === 'payer') return hasPayer(context);
  if (step === 'contact') return hasContact(context);
  if (step === 'delivery') return hasDelivery(context);
  return context.placed !== null;
}

/** The side list opens a step reached before whose earlier steps are all still done (the current one is no move). */
export function canGoTo(context: CheckoutContext, step: CheckoutStep, current: CheckoutStep | null = null): boolean {
  if (step === current) return false;
  const steps = stepsOf(context);
  const index = steps.indexOf(step);
  return index >= 0 && index <= steps.indexOf(context.furthest) && steps.slice(0, index).every((earlier) => isStepDone(context, earlier));
}

/** The order as it would be placed now, without its key; null while a choice is missing. */
export function requestOf(context: CheckoutContext): Omit<CheckoutRequest, 'idempotencyKey'> | null {
  const group = groupOf(context);
  const { kind, pointId } = context.delivery;
  if (!group || !hasPayer(context) || !hasContact(context) || !hasDelivery(context) || kind === null || pointId === null) return null;
  if (context.counteragentId === null || context.contactId === null) return null;
  return {
    clientId: group.clientId,
    counteragentId: context.counteragentId,
    contactId: context.contactId,
    delivery: {
      kind,
      endpointId: usesEndpoint(kind) ? pointId : null,
      deliverySettingId: usesEndpoint(kind) ? null : pointId,
    },
    comment: context.comment.trim(),
    lineIds: group.orderable.map((line) => line.id),
  };
}

/** What a key is made for: the order without the comment (a comment typed on the review keeps the key). */
export function requestFingerprint(context: CheckoutContext): string | null {
  const request = requestOf(context);
  if (!request) return null;
  const { comment: _comment, ...rest } = request;
  return JSON.stringify(rest);
}

export const hasKeyForRequest = (context: CheckoutContext): boolean =>
  context.idempotencyKey !== null && context.keyRequest === requestFingerprint(context);

/** The machine's stand-in keys (visualizer, path tests); the checkout service provides random UUIDs. */
export const sampleIdempotencyKey = (serial: number): string => `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
