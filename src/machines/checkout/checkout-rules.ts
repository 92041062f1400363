import type { CartLine, CheckoutRequest } from '../../contract/cart';
import { needsEndpoint } from '../../contract/delivery-settings';
import type { DeliveryKind } from '../../contract/delivery-settings';
import { orderableGroups } from '../cart/cart-rules';
import type { ClientGroup } from '../cart/cart-types';
import {
  CHECKOUT_STEPS, type CheckoutClientData, type CheckoutContext, type CheckoutInput, type CheckoutStep, type DeliveryPoint,
  type LoadedClientData,
} from './checkout-types';

// The rules of checkout as pure functions of its context: the machine's guards, its view and its registry entry read them.

/** The delivery step's choices for a kind: the manufacturer's endpoints, or the client's saved addresses of that kind. */
export function pointsOf(data: CheckoutClientData | null, kind: DeliveryKind | null): DeliveryPoint[] {
  if (!data || !kind) return [];
  if (needsEndpoint(kind)) {
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

/** The clients with something to order; the client step is shown only when there are several. */
export const clientsOf = (context: Pick<CheckoutContext, 'cart'>): ClientGroup[] => orderableGroups(context.cart);

export const stepsOf = (context: Pick<CheckoutContext, 'cart'>): CheckoutStep[] =>
  clientsOf(context).length > 1 ? [...CHECKOUT_STEPS] : CHECKOUT_STEPS.filter((step) => step !== 'client');

export const groupOf = (context: Pick<CheckoutContext, 'cart' | 'clientId'>): ClientGroup | undefined =>
  clientsOf(context).find((group) => group.clientId === context.clientId);

const dataOf = (context: CheckoutContext): LoadedClientData | null =>
  context.data && context.data.clientId === context.clientId ? context.data : null;

export const hasPayer = (context: CheckoutContext): boolean =>
  dataOf(context)?.payers.some((payer) => payer.id === context.payerId) ?? false;
export const hasContact = (context: CheckoutContext): boolean =>
  dataOf(context)?.contacts.some((contact) => contact.id === context.contactId) ?? false;
export const hasDelivery = (context: CheckoutContext): boolean =>
  pointsOf(dataOf(context), context.delivery.kind).some((point) => point.id === context.delivery.pointId);

/** The lines of the chosen client without manufacturing files: ordering them needs 'files later'. */
export const linesWithoutFiles = (context: Pick<CheckoutContext, 'cart' | 'clientId'>): CartLine[] =>
  groupOf(context)?.orderable.filter((line) => !line.hasFiles) ?? [];

/** The lines of the chosen client added for an engineer's review of their DFM errors. */
export const linesForReview = (context: Pick<CheckoutContext, 'cart' | 'clientId'>): CartLine[] =>
  groupOf(context)?.orderable.filter((line) => line.dfmReview) ?? [];

/** Both clean lines and lines for review: the review offers to place the latter as an order of their own. */
export const canSplitReview = (context: Pick<CheckoutContext, 'cart' | 'clientId'>): boolean => {
  const lines = groupOf(context)?.orderable ?? [];
  return lines.some((line) => line.dfmReview) && lines.some((line) => !line.dfmReview);
};

/** Every line has files, or the customer said they will send them later. */
export const hasFilesOrLater = (context: CheckoutContext): boolean =>
  context.filesLater || linesWithoutFiles(context).length === 0;

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
  if (context.payerId === null || context.contactId === null) return null;
  return {
    clientId: group.clientId,
    payerId: context.payerId,
    contactId: context.contactId,
    delivery: {
      kind,
      endpointId: needsEndpoint(kind) ? pointId : null,
      deliverySettingId: needsEndpoint(kind) ? null : pointId,
    },
    comment: context.comment.trim(),
    lineIds: group.orderable.map((line) => line.id),
    // Only said when it matters: an order whose lines all have files goes on as before whatever was ticked.
    ...(linesWithoutFiles(context).length > 0 && { filesLater: context.filesLater }),
    ...(canSplitReview(context) && { splitReview: context.splitReview }),
  };
}

/** What a key is made for: the order without the comment (a comment typed on the review keeps the key). */
export function requestFingerprint(context: CheckoutContext): string | null {
  const request = requestOf(context);
  if (!request) return null;
  const { comment: _comment, ...rest } = request;
  return JSON.stringify(rest);
}

/** The request placing sends; null while a choice, or the files' answer, is missing (the machine's guard prevents it). */
export function placeRequestOf(context: CheckoutContext): CheckoutRequest | null {
  if (!hasFilesOrLater(context)) return null;
  const request = requestOf(context);
  return request && context.idempotencyKey ? { ...request, idempotencyKey: context.idempotencyKey } : null;
}

export const hasKeyForRequest = (context: CheckoutContext): boolean =>
  context.idempotencyKey !== null && context.keyRequest === requestFingerprint(context);

/** The machine's stand-in keys (visualizer, path tests); the checkout service provides random UUIDs. */
export const sampleIdempotencyKey = (serial: number): string => `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;

export const later = (a: CheckoutStep, b: CheckoutStep): CheckoutStep =>
  (CHECKOUT_STEPS.indexOf(a) >= CHECKOUT_STEPS.indexOf(b) ? a : b);

/** A choice survives a reload of the client's data when it is still there; else a lone option is taken for the user. */
export function preselect(context: CheckoutContext, data: LoadedClientData): Partial<CheckoutContext> {
  const keep = <T extends { id: number }>(items: T[], id: number | null) =>
    (items.some((item) => item.id === id) ? id : items.length === 1 ? items[0]?.id ?? null : null);
  const sameClient = context.data?.clientId === data.clientId;
  const byDefault = data.deliverySettings.find((setting) => setting.isDefault);
  const keptDelivery = sameClient && pointsOf(data, context.delivery.kind).some((point) => point.id === context.delivery.pointId);
  return {
    data,
    payerId: keep(data.payers, context.payerId),
    contactId: keep(data.contacts, context.contactId),
    delivery: keptDelivery ? context.delivery : { kind: byDefault?.kind ?? null, pointId: byDefault?.id ?? null },
    furthest: sameClient ? context.furthest : 'payer',
  };
}

/** A checkout before anything is loaded: the client the page asked for, nothing chosen yet. */
export const initialContext = (input: CheckoutInput): CheckoutContext => ({
  requestedClientId: input.clientId,
  cart: null,
  clientId: null,
  data: null,
  payerId: null,
  contactId: null,
  delivery: { kind: null, pointId: null },
  comment: '',
  filesLater: false,
  splitReview: false,
  step: null,
  furthest: 'client',
  idempotencyKey: null,
  keyRequest: null,
  keysMade: 0,
  error: null,
  errorField: null,
  placed: null,
});
