import {
  LEGAL_FORMS, legalFormKind, type Counteragent, type CounteragentFields, type LegalFormCode, type LegalFormKind,
} from '../../../../contract/counteragents';
import { checkCounteragent, type RequisiteProblem } from '../../../../contract/requisites';
import { dictionaryName } from '../../../../services/dictionaries';

/** What the payer form holds: text as typed, the legal form as chosen. */
export interface CounteragentValues {
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

export type CounteragentField = keyof CounteragentValues;

/** Fields the gateway may name in a refusal, in form order. */
export const COUNTERAGENT_FIELDS: readonly CounteragentField[] = [
  'legalForm', 'name', 'inn', 'kpp', 'ogrn', 'legalAddress', 'bik', 'bankName', 'settlementAccount', 'correspondentAccount',
];

/** Digits-only requisites and how many digits each may hold at most (the INN of either kind, OGRN or OGRNIP). */
export const DIGIT_LIMITS = { inn: 12, ogrn: 15, bik: 9, settlementAccount: 20, correspondentAccount: 20 } as const;
export type DigitField = keyof typeof DIGIT_LIMITS;

export function counteragentValues(item?: Counteragent): CounteragentValues {
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

export type CounteragentProblem = RequisiteProblem;

/** Every problem of the form by field: the requisites by the legal form's kind, plus the required name. */
export function counteragentProblems(values: CounteragentValues): Partial<Record<CounteragentField, CounteragentProblem>> {
  const problems: Partial<Record<CounteragentField, CounteragentProblem>> = {};
  if (values.name.trim() === '') problems.name = 'required';
  const kind = legalFormKind(values.legalForm);
  for (const { field, problem } of checkCounteragent(kind, values)) {
    problems[field as CounteragentField] = problem;
  }
  return problems;
}

/** The body of Create and Update: an entrepreneur has no KPP. */
export function counteragentBody(values: CounteragentValues): CounteragentFields {
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

/** Text keys under account.counteragents.errors; INN and OGRN read differently for the two kinds. */
export function problemKey(field: CounteragentField, problem: CounteragentProblem, kind: LegalFormKind): string {
  if (problem === 'required' || problem === 'digits') return problem;
  const byKind = (field === 'inn' || field === 'ogrn') && (problem === 'length' || problem === 'checksum');
  return byKind ? `${field}.${problem}.${kind}` : `${field}.${problem}`;
}

export function legalFormName(code: LegalFormCode): string {
  const form = LEGAL_FORMS.find((candidate) => candidate.code === code);
  return form ? dictionaryName(form) : code;
}
