import { array, enums, nullable, object, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { entityIdParam, requiredText, text } from './fields';
import { clientListQueryOf, clientRecordCalls, clientRecordOf, pagedListCalls } from './list';

/**
 * Legal forms of a payer. `kind` decides the requisites: a legal entity has a 10-digit INN, a KPP and a 13-digit
 * OGRN; an entrepreneur a 12-digit INN, no KPP and a 15-digit OGRNIP.
 */
export const LEGAL_FORMS = [
  { code: 'ooo', kind: 'legal', name: 'ООО', nameEn: 'LLC (OOO)' },
  { code: 'ao', kind: 'legal', name: 'АО', nameEn: 'JSC (AO)' },
  { code: 'pao', kind: 'legal', name: 'ПАО', nameEn: 'PJSC (PAO)' },
  { code: 'fgup', kind: 'legal', name: 'ФГУП', nameEn: 'Federal unitary enterprise (FGUP)' },
  { code: 'ano', kind: 'legal', name: 'АНО', nameEn: 'Autonomous non-profit (ANO)' },
  { code: 'ip', kind: 'entrepreneur', name: 'ИП', nameEn: 'Sole proprietor (IP)' },
] as const;
export type LegalFormCode = (typeof LEGAL_FORMS)[number]['code'];
export type LegalFormKind = (typeof LEGAL_FORMS)[number]['kind'];
export const legalFormCode = enums(LEGAL_FORMS.map((form) => form.code) as [LegalFormCode, ...LegalFormCode[]]);
/** A stored form's code as the contract knows it; a row written before the list was closed reads as 'ooo'. */
export const legalFormOf = (stored: string): LegalFormCode => LEGAL_FORMS.find((form) => form.code === stored)?.code ?? 'ooo';
export const legalFormKind = (code: LegalFormCode): LegalFormKind =>
  LEGAL_FORMS.find((form) => form.code === code)?.kind ?? 'legal';

/** Shapes only; the checksums are checked by checkPayer (requisites.ts) in the app and the gateway. */
export const payerFields = object({
  legalForm: legalFormCode,
  name: requiredText(300),
  inn: requiredText(12),
  kpp: nullable(text(9)),
  ogrn: requiredText(15),
  legalAddress: text(500),
  bik: requiredText(9),
  bankName: text(300),
  settlementAccount: requiredText(20),
  correspondentAccount: requiredText(20),
});
export type PayerFields = Infer<typeof payerFields>;

export const payer = clientRecordOf({
  legalForm: legalFormCode,
  name: string(),
  inn: string(),
  kpp: nullable(string()),
  ogrn: string(),
  legalAddress: string(),
  bik: string(),
  bankName: string(),
  settlementAccount: string(),
  correspondentAccount: string(),
});
export type Payer = Infer<typeof payer>;

export const PAYER_SORT_CODES = ['name', 'createdAt'] as const;
export const PAYER_FILTER_CODES = ['legal', 'entrepreneur'] as const;
/** Every list of a client's things names the client; a client the caller is not a member of answers 404. */
export const payerListQuery = clientListQueryOf(PAYER_SORT_CODES, PAYER_FILTER_CODES);

export const { count: payersListCount, list: payersList } =
  pagedListCalls('/account/Counteragents', 'user', payerListQuery, payer);
export const getPayer = defineCall({
  method: 'GET', path: '/account/Counteragents/Get', access: 'user', query: object({ id: entityIdParam }), response: payer,
});
export const { create: createPayer, update: updatePayer, remove: deletePayer } =
  clientRecordCalls('/account/Counteragents', payerFields.schema, payer);
/** Reference list of legal forms (the product spec's payer state `legalForms`). */
export const getLegalForms = defineCall({
  method: 'GET', path: '/account/Counteragents/LegalForms', access: 'user',
  response: array(object({ code: legalFormCode, kind: enums(['legal', 'entrepreneur']), name: string(), nameEn: string() })),
});

