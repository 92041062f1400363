import {
  needsEndpoint, type DeliveryKind, type DeliverySetting, type DeliverySettingFields,
} from '../../../../contract/delivery-settings';
import type { DeliveryEndpointItem, StatusItem } from '../../../../contract/dicts';
import type { DeliveryReference } from '../../../../services/ordering-data';
import { nationalDigits } from '../../../components/form/phone-mask';
import { phoneForForm, phoneOf } from './contact-model';

export interface DeliveryValues {
  kind: DeliveryKind;
  name: string;
  /** Select values: '' for none. */
  endpointId: string;
  divisionId: string;
  address: string;
  postalCode: string;
  recipientName: string;
  /** As the +7 mask shows it. */
  recipientPhone: string;
  comment: string;
  isDefault: boolean;
}

export type DeliveryField = keyof DeliveryValues;
export type DeliveryProblem =
  | 'endpointRequired' | 'addressRequired' | 'postalCodeRequired' | 'postalCodeFormat' | 'recipientRequired' | 'phoneIncomplete';

export const DELIVERY_FIELDS: readonly DeliveryField[] = [
  'kind', 'name', 'endpointId', 'divisionId', 'address', 'postalCode', 'recipientName', 'recipientPhone', 'comment', 'isDefault',
];

/** The reference method of a kind (their codes are the kinds). */
export const methodOf = (methods: readonly StatusItem[], kind: DeliveryKind): StatusItem | undefined =>
  methods.find((method) => method.code === kind);

/** The endpoints a kind may use: those of its own method. */
export function endpointsOf(reference: DeliveryReference, kind: DeliveryKind): DeliveryEndpointItem[] {
  const method = methodOf(reference.methods, kind);
  return method ? reference.endpoints.filter((endpoint) => endpoint.methodId === method.id) : [];
}

export function deliveryValues(item?: DeliverySetting, isFirst = false): DeliveryValues {
  return {
    kind: item?.kind ?? 'pickup_point',
    name: item?.name ?? '',
    endpointId: item?.endpointId ? String(item.endpointId) : '',
    divisionId: item?.divisionId ? String(item.divisionId) : '',
    address: item?.address ?? '',
    postalCode: item?.postalCode ?? '',
    recipientName: item?.recipientName ?? '',
    recipientPhone: phoneForForm(item?.recipientPhone ?? null),
    comment: item?.comment ?? '',
    // The first setting of a client is its default unless the user says otherwise.
    isDefault: item?.isDefault ?? isFirst,
  };
}

export function deliveryProblems(values: DeliveryValues, storedPhone: string | null): Partial<Record<DeliveryField, DeliveryProblem>> {
  const problems: Partial<Record<DeliveryField, DeliveryProblem>> = {};
  if (needsEndpoint(values.kind)) {
    if (values.endpointId === '') problems.endpointId = 'endpointRequired';
    return problems;
  }
  if (values.address.trim() === '') problems.address = 'addressRequired';
  const postalCode = values.postalCode.trim();
  if (postalCode === '' && values.kind === 'russian_post') problems.postalCode = 'postalCodeRequired';
  else if (postalCode !== '' && !/^\d{6}$/.test(postalCode)) problems.postalCode = 'postalCodeFormat';
  // The courier or the post office hands the parcel to a person.
  if (values.recipientName.trim() === '') problems.recipientName = 'recipientRequired';
  const phone = phoneOf(values.recipientPhone, storedPhone);
  if (phone !== null && phone !== storedPhone && nationalDigits(values.recipientPhone).length !== 10) problems.recipientPhone = 'phoneIncomplete';
  return problems;
}

const idOf = (value: string): number | null => (value === '' ? null : Number(value));

/** Only what the kind uses is sent: an endpoint for pickup points and warehouses, an address and recipient otherwise. */
export function deliveryBody(values: DeliveryValues, storedPhone: string | null): DeliverySettingFields {
  const withEndpoint = needsEndpoint(values.kind);
  return {
    kind: values.kind,
    name: values.name.trim(),
    endpointId: withEndpoint ? idOf(values.endpointId) : null,
    divisionId: idOf(values.divisionId),
    address: withEndpoint ? '' : values.address.trim(),
    postalCode: withEndpoint ? '' : values.postalCode.trim(),
    recipientName: withEndpoint ? '' : values.recipientName.trim(),
    recipientPhone: withEndpoint ? null : phoneOf(values.recipientPhone, storedPhone),
    comment: values.comment.trim(),
    isDefault: values.isDefault,
  };
}

/** The body that makes an existing setting the default, leaving the rest as stored. */
export function defaultBody(item: DeliverySetting): DeliverySettingFields {
  const { kind, name, endpointId, divisionId, address, postalCode, recipientName, recipientPhone, comment } = item;
  return { kind, name, endpointId, divisionId, address, postalCode, recipientName, recipientPhone, comment, isDefault: true };
}
