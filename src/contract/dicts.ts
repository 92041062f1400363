import { array, nullable, number, object, string, type Infer, type Struct } from 'superstruct';
import { defineCall } from './call';
import { entityIdParam } from './fields';

/** Every reference list item has an id and a Russian name; `nameEn` is shown under /en. */
export const dictItem = object({ id: number(), name: string(), nameEn: string() });
export type DictItem = Infer<typeof dictItem>;

/** Status dictionaries also carry the code the app filters by (`actual`, `waiting_for_payment`). */
export const statusItem = object({ id: number(), code: string(), name: string(), nameEn: string() });
export type StatusItem = Infer<typeof statusItem>;

export const regionItem = object({ id: number(), name: string(), nameEn: string(), countryId: number() });
export type RegionItem = Infer<typeof regionItem>;

export const officeItem = object({ id: number(), name: string(), nameEn: string(), address: string(), phone: string() });
export type OfficeItem = Infer<typeof officeItem>;

export const deliveryEndpointItem = object({
  id: number(), name: string(), nameEn: string(), methodId: number(), address: string(),
});
export type DeliveryEndpointItem = Infer<typeof deliveryEndpointItem>;

export const divisionEndpointItem = object({
  id: number(), name: string(), nameEn: string(), officeId: nullable(number()), address: string(),
});
export type DivisionEndpointItem = Infer<typeof divisionEndpointItem>;

const dict = <T>(path: string, item: Struct<T, unknown>) =>
  defineCall({ method: 'GET', path, access: 'user', response: array(item) });

export const countries = dict('/account/Dicts/Countries', dictItem);
export const regionsQuery = object({ countryId: entityIdParam });
export const regions = defineCall({
  method: 'GET', path: '/account/Dicts/Regions', access: 'user', query: regionsQuery, response: array(regionItem),
});
export const clientActivities = dict('/account/Dicts/ClientActivities', dictItem);
export const offices = dict('/account/Dicts/Offices', officeItem);
export const taxcodeTypes = dict('/account/Dicts/TaxcodeTypes', dictItem);
export const organizations = dict('/msu-ref-core/api/organizations', dictItem);
export const projectStatuses = dict('/msu-ref-core/api/project-statuses', statusItem);
export const orderStatuses = dict('/msu-ref-core/api/order-statuses', statusItem);
export const orderLineStatuses = dict('/msu-ref-core/api/order-line-statuses', statusItem);
export const deliveryMethods = dict('/client-items/api/dicts/GetDeliveryMethods', statusItem);
export const deliveryEndpoints = dict('/client-items/api/dicts/GetDeliveryEndpoints', deliveryEndpointItem);
export const divisionEndpoints = dict('/client-items/api/dicts/GetDivisionEndpoints', divisionEndpointItem);
