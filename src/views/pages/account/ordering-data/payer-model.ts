import {
  LEGAL_FORMS, legalFormKind, type Payer, type PayerFields, type LegalFormCode, type LegalFormKind,
} from '../../../../contract/payers';
import type { Client } from '../../../../contract/clients';
import { checkPayer, type RequisiteProblem } from '../../../../contract/requisites';
import { dictionaryName } from '../../../../services/dictionaries';

/** What the payer form holds: text as typed, the legal form as chosen. */
export interface PayerValues {
  legalForm: LegalFormCode;
  name: string;
  inn: string;
  kpp: string;
  ogrn: string;
  legalAddress: string;
  bik: string;
  bankName: string;
  settlementAccount: string;
  correspondentAccount: string;
}

export type PayerField = keyof PayerValues;

/** Fields the gateway may name in a refusal, in form order. */
export const PAYER_FIELDS: readonly PayerField[] = [
  'legalForm', 'name', 'inn', 'kpp', 'ogrn', 'legalAddress', 'bik', 'bankName', 'settlementAccount', 'correspondentAccount',
];

/** Digits-only requisites and how many digits each may hold at most (the INN of either kind, OGRN or OGRNIP). */
export const DIGIT_LIMITS = { inn: 12, ogrn: 15, bik: 9, settlementAccount: 20, correspondentAccount: 20 } as const;
export type DigitField = keyof typeof DIGIT_LIMITS;

export function payerValues(item?: Payer): PayerValues {
  return {
    legalForm: item?.legalForm ?? 'ooo',
    name: item?.name ?? '',
    inn: item?.inn ?? '',
    kpp: item?.kpp ?? '',
    ogrn: item?.ogrn ?? '',
    legalAddress: item?.legalAddress ?? '',
    bik: item?.bik ?? '',
    bankName: item?.bankName ?? '',
    settlementAccount: item?.settlementAccount ?? '',
    correspondentAccount: item?.correspondentAccount ?? '',
  };
}

export type PayerProblem = RequisiteProblem;

/** Every problem of the form by field: the requisites by the legal form's kind, plus the required name. */
export function payerProblems(values: PayerValues): Partial<Record<PayerField, PayerProblem>> {
  const problems: Partial<Record<PayerField, PayerProblem>> = {};
  if (values.name.trim() === '') problems.name = 'required';
  const kind = legalFormKind(values.legalForm);
  for (const { field, problem } of checkPayer(kind, values)) {
    problems[field as PayerField] = problem;
  }
  return problems;
}

/** The body of Create and Update: an entrepreneur has no KPP. */
export function payerBody(values: PayerValues): PayerFields {
  const kind = legalFormKind(values.legalForm);
  return {
    legalForm: values.legalForm,
    name: values.name.trim(),
    inn: values.inn,
    kpp: kind === 'legal' ? values.kpp : null,
    ogrn: values.ogrn,
    legalAddress: values.legalAddress.trim(),
    bik: values.bik,
    bankName: values.bankName.trim(),
    settlementAccount: values.settlementAccount,
    correspondentAccount: values.correspondentAccount,
  };
}

/** Text keys under account.payers.errors; INN and OGRN read differently for the two kinds. */
export function problemKey(field: PayerField, problem: PayerProblem, kind: LegalFormKind): string {
  if (problem === 'required' || problem === 'digits') return problem;
  const byKind = (field === 'inn' || field === 'ogrn') && (problem === 'length' || problem === 'checksum');
  return byKind ? `${field}.${problem}.${kind}` : `${field}.${problem}`;
}

export function legalFormName(code: LegalFormCode): string {
  const form = LEGAL_FORMS.find((candidate) => candidate.code === code);
  return form ? dictionaryName(form) : code;
}

/** Legal forms as a client's full name may spell them out, besides the short names of LEGAL_FORMS. */
const SPELLED_FORMS: readonly (readonly [string, LegalFormCode])[] = [
  ['Общество с ограниченной ответственностью', 'ooo'], ['Публичное акционерное общество', 'pao'],
  ['Акционерное общество', 'ao'], ['Федеральное государственное унитарное предприятие', 'fgup'],
  ['Автономная некоммерческая организация', 'ano'], ['Индивидуальный предприниматель', 'ip'],
];

/** The organisation's own name without its outer quotes (legalName puts «» back). */
function unquoted(text: string): string {
  const name = text.trim();
  return /^[«"“„][^«»"“”„]*[»"”“]$/.test(name) ? name.slice(1, -1).trim() : name;
}

/**
 * The client's own requisites as a payer: the legal form and name read from its full name, the INN, KPP
 * and OGRN it was created with. The address and the bank are not known to the portal and stay to be typed. Null
 * for a client without an INN (a private person): there is nothing to offer.
 */
export function clientAsPayer(client: Client): Partial<PayerValues> | null {
  if (!client.inn) return null;
  const full = client.fullName.trim();
  const spelled = [...LEGAL_FORMS.map((form) => [form.name, form.code] as const), ...SPELLED_FORMS]
    .find(([prefix]) => full.toLowerCase().startsWith(`${prefix.toLowerCase()} `));
  const legalForm = spelled?.[1] ?? (client.clientType === 'entrepreneur' ? 'ip' : 'ooo');
  const name = unquoted(spelled ? full.slice(spelled[0].length) : full);
  return {
    legalForm, name, inn: client.inn, ogrn: client.ogrn ?? '',
    ...(legalFormKind(legalForm) === 'legal' ? { kpp: client.kpp ?? '' } : {}),
  };
}
