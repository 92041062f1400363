import {
  isLegalType, type ClientType, type CreateClientRequest, type RestorationClientData,
} from '../../contract/clients';
import { checkClientRequisites, type RequisiteProblem } from '../../contract/requisites';
import type { FieldErrors } from './form-checks';

/** What the client form holds while it is edited: texts as typed, reference ids as chosen. */
export interface ClientForm {
  name: string;
  fullName: string;
  firstName: string;
  lastName: string;
  middleName: string;
  inn: string;
  kpp: string;
  ogrn: string;
  siteUrl: string;
  countryId: number | null;
  regionId: number | null;
  activityId: number | null;
  officeId: number | null;
}
export type ClientFormField = keyof ClientForm;

export const EMPTY_CLIENT_FORM: ClientForm = {
  name: '', fullName: '', firstName: '', lastName: '', middleName: '', inn: '', kpp: '', ogrn: '', siteUrl: '',
  countryId: null, regionId: null, activityId: null, officeId: null,
};

/** Locale keys of the client form's own checks; the view translates them. */
export const CLIENT_FIELD_ERROR = {
  required: 'account.clients.errors.required',
  digits: 'account.clients.errors.digits',
  invalid: 'account.clients.errors.invalid',
  email: 'account.clients.errors.email',
  code: 'account.clients.errors.code',
} as const;

export const isPersonType = (type: ClientType): boolean => type === 'individual' || type === 'selfemployed';

/** The product spec's requisites by type: corporate INN, KPP, OGRN; entrepreneur INN, OGRNIP; self-employed an optional INN. */
function requisiteFieldsOf(type: ClientType): ClientFormField[] {
  if (type === 'corporate') return ['inn', 'kpp', 'ogrn'];
  if (type === 'entrepreneur') return ['inn', 'ogrn'];
  return type === 'selfemployed' ? ['inn'] : [];
}

/** The fields of the new-client form for a type, in form order. */
export function creationFieldsOf(type: ClientType): ClientFormField[] {
  const names: ClientFormField[] = isPersonType(type) ? ['lastName', 'firstName', 'middleName'] : [];
  return ['name', 'fullName', ...names, ...requisiteFieldsOf(type), 'countryId', 'regionId', 'activityId', 'officeId', 'siteUrl'];
}

/** The finish form of a restoration shows what the old cabinet knew (the product spec's clientData). */
export function restorationFieldsOf(type: ClientType): ClientFormField[] {
  return ['name', 'fullName', ...requisiteFieldsOf(type), 'countryId', 'regionId'];
}

const requiredOf = (type: ClientType): ClientFormField[] =>
  ['name', 'fullName', ...(isPersonType(type) ? (['lastName', 'firstName'] as const) : [])];

/** The message key of a requisite problem, specific enough to say what the field wants. */
function requisiteKey(type: ClientType, field: string, problem: RequisiteProblem): string {
  if (problem === 'required') return CLIENT_FIELD_ERROR.required;
  if (problem === 'digits') return CLIENT_FIELD_ERROR.digits;
  const kind = field === 'inn' ? (type === 'corporate' ? 'innLegal' : 'innPerson')
    : field === 'ogrn' ? (type === 'entrepreneur' ? 'ogrnip' : 'ogrn') : field;
  if (problem === 'length') return `account.clients.errors.length.${kind}`;
  if (problem === 'checksum') return `account.clients.errors.checksum.${kind === 'innLegal' || kind === 'innPerson' ? 'inn' : kind}`;
  return problem === 'format' && field === 'kpp' ? 'account.clients.errors.format.kpp' : CLIENT_FIELD_ERROR.invalid;
}

const requisitesOf = (form: ClientForm) => ({ inn: form.inn.trim(), kpp: form.kpp.trim(), ogrn: form.ogrn.trim() });

/** Every failing field among `fields` (locale keys); requisites by the checks the gateway runs as well. */
export function clientFormErrors(type: ClientType, form: ClientForm, fields: readonly ClientFormField[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of requiredOf(type)) {
    const value = form[field];
    if (fields.includes(field) && typeof value === 'string' && value.trim() === '') errors[field] = CLIENT_FIELD_ERROR.required;
  }
  for (const { field, problem } of checkClientRequisites(type, requisitesOf(form))) {
    if (fields.includes(field as ClientFormField)) errors[field] = requisiteKey(type, field, problem);
  }
  return errors;
}

/**
 * The check run as the user leaves a field: a wrong value is named at once, but an empty required field only
 * on submit, so tabbing through the form does not paint it red.
 */
export function leftFieldError(type: ClientType, form: ClientForm, field: ClientFormField): string | null {
  const error = clientFormErrors(type, form, [field])[field] ?? null;
  return error === CLIENT_FIELD_ERROR.required ? null : error;
}

/** The form with `changes`; a new country drops the region, which belonged to the old one. */
export function applyFormChanges(form: ClientForm, changes: Partial<ClientForm>): ClientForm {
  const next = { ...form, ...changes };
  if ('countryId' in changes && changes.countryId !== form.countryId && !('regionId' in changes)) next.regionId = null;
  return next;
}

/** Errors minus the fields just edited: their old verdict no longer applies. */
export function withoutFields(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));
}

/** What a machine editing the client form holds of it: the form, its field errors and the field the gateway named. */
interface ClientFormState {
  form: ClientForm;
  fieldErrors: FieldErrors;
  errorField: string | null;
}

/** The form after an edit: the edited fields' errors go, and the gateway's error too when it named one of them. */
export function formEdited(state: ClientFormState, changes: Partial<ClientForm>) {
  const edited = Object.keys(changes);
  const gatewayFieldEdited = state.errorField !== null && edited.includes(state.errorField);
  return {
    form: applyFormChanges(state.form, changes),
    fieldErrors: withoutFields(state.fieldErrors, edited),
    ...(gatewayFieldEdited ? { errorMessage: null, errorField: null } : {}),
  };
}

/** The field errors once the user leaves `field`: its own check again, the others kept. */
export function fieldLeft(type: ClientType, state: Pick<ClientFormState, 'form' | 'fieldErrors'>, field: ClientFormField): FieldErrors {
  const error = leftFieldError(type, state.form, field);
  const rest = withoutFields(state.fieldErrors, [field]);
  return error ? { ...rest, [field]: error } : rest;
}

const orNull = (value: string) => (value === '' ? null : value);

/** The Create body for a type: fields the type does not have are sent empty. */
export function createRequestOf(type: ClientType, form: ClientForm): CreateClientRequest {
  const person = isPersonType(type);
  const requisites = requisiteFieldsOf(type);
  const { inn, kpp, ogrn } = requisitesOf(form);
  return {
    clientType: type,
    isLegal: isLegalType(type),
    name: form.name.trim(),
    fullName: form.fullName.trim(),
    firstName: person ? form.firstName.trim() : '',
    lastName: person ? form.lastName.trim() : '',
    middleName: person ? form.middleName.trim() : '',
    siteUrl: form.siteUrl.trim(),
    accessibleThroughAdmin: false,
    avatarUrl: null,
    activityId: form.activityId,
    regionId: form.regionId,
    countryId: form.countryId,
    officeId: form.officeId,
    inn: requisites.includes('inn') ? orNull(inn) : null,
    kpp: requisites.includes('kpp') ? orNull(kpp) : null,
    ogrn: requisites.includes('ogrn') ? orNull(ogrn) : null,
  };
}

export function formOfRestorationData(data: RestorationClientData): ClientForm {
  return {
    ...EMPTY_CLIENT_FORM,
    name: data.name, fullName: data.fullName, inn: data.inn ?? '', kpp: data.kpp ?? '', ogrn: data.ogrn ?? '',
    countryId: data.countryId, regionId: data.regionId,
  };
}

export function restorationDataOf(type: ClientType, form: ClientForm): RestorationClientData {
  const request = createRequestOf(type, form);
  return {
    name: request.name, fullName: request.fullName, clientType: type, inn: request.inn ?? null, kpp: request.kpp ?? null,
    ogrn: request.ogrn ?? null, countryId: form.countryId, regionId: form.regionId,
  };
}

/** The form field a gateway error names: 'clientData.inn' of FinishRestoring is the form's 'inn'. */
export const formFieldOf = (field: string | null): string | null => (field === null ? null : (field.split('.').pop() ?? null));

/** A 409 `client_exists` of Create, with the client found by its INN (the service adds id and name). */
export function readExistingClient(error: unknown): { id: number; name: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, clientId, clientName } = error as Record<string, unknown>;
  return code === 'client_exists' && typeof clientId === 'number' && typeof clientName === 'string'
    ? { id: clientId, name: clientName }
    : null;
}
