/**
 * Russian requisites, checked the same way in the app (on the field, as the user types) and in the gateway
 * (before anything is stored). Algorithms: INN and OGRN/OGRNIP control digits as the Federal Tax Service defines
 * them; bank accounts by the Bank of Russia key (weights 7-1-3 over BIK part + account).
 */
export type RequisiteProblem = 'required' | 'digits' | 'length' | 'checksum' | 'format' | 'bikFirst';

const digitsOf = (value: string): number[] => [...value].map(Number);
const weighted = (digits: number[], weights: readonly number[]): number =>
  weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);
const onlyDigits = (value: string) => /^\d+$/.test(value);

function shape(value: string, lengths: readonly number[]): RequisiteProblem | null {
  if (value === '') return 'required';
  if (!onlyDigits(value)) return 'digits';
  return lengths.includes(value.length) ? null : 'length';
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const control = (digits: number[], weights: readonly number[]) => (weighted(digits, weights) % 11) % 10;

/** `legal`: 10 digits; `person` (entrepreneur, self-employed): 12; `any`: either. */
export function checkInn(value: string, kind: 'legal' | 'person' | 'any' = 'any'): RequisiteProblem | null {
  const lengths = kind === 'legal' ? [10] : kind === 'person' ? [12] : [10, 12];
  const problem = shape(value, lengths);
  if (problem) return problem;
  const d = digitsOf(value);
  const valid = d.length === 10
    ? control(d, INN10) === d[9]
    : control(d, INN11) === d[10] && control(d, INN12) === d[11];
  return valid ? null : 'checksum';
}

/** KPP: 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits. */
export function checkKpp(value: string): RequisiteProblem | null {
  if (value === '') return 'required';
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value) ? null : value.length === 9 ? 'format' : 'length';
}

/** OGRN (13 digits, legal entity) or OGRNIP (15, entrepreneur): the last digit is the remainder mod 11 or 13. */
export function checkOgrn(value: string, kind: 'legal' | 'entrepreneur'): RequisiteProblem | null {
  const length = kind === 'legal' ? 13 : 15;
  const problem = shape(value, [length]);
  if (problem) return problem;
  const body = BigInt(value.slice(0, length - 1));
  const expected = Number(body % BigInt(length === 13 ? 11 : 13)) % 10;
  return expected === Number(value[length - 1]) ? null : 'checksum';
}

/** BIK of a Russian bank: 9 digits starting with 04. */
export function checkBik(value: string): RequisiteProblem | null {
  const problem = shape(value, [9]);
  if (problem) return problem;
  return value.startsWith('04') ? null : 'bikFirst';
}

const ACCOUNT_WEIGHTS = Array.from({ length: 23 }, (_, index) => [7, 1, 3][index % 3] ?? 0);
const accountKeyValid = (prefix: string, account: string) => weighted(digitsOf(prefix + account), ACCOUNT_WEIGHTS) % 10 === 0;

/**
 * Settlement account (20 digits) against its bank's BIK. A BIK that is itself wrong is reported on the BIK,
 * so the account is then only checked for shape.
 */
export function checkSettlementAccount(account: string, bik: string): RequisiteProblem | null {
  const problem = shape(account, [20]);
  if (problem) return problem;
  if (checkBik(bik)) return null;
  return accountKeyValid(bik.slice(-3), account) ? null : 'checksum';
}

/** Correspondent account: 20 digits starting with 301, keyed with '0' + the BIK's 5th and 6th digits. */
export function checkCorrespondentAccount(account: string, bik: string): RequisiteProblem | null {
  const problem = shape(account, [20]);
  if (problem) return problem;
  if (!account.startsWith('301')) return 'format';
  if (checkBik(bik)) return null;
  return accountKeyValid(`0${bik.slice(4, 6)}`, account) ? null : 'checksum';
}

export interface RequisiteError {
  field: string;
  problem: RequisiteProblem;
}

const collect = (checks: Array<[string, RequisiteProblem | null]>): RequisiteError[] =>
  checks.flatMap(([field, problem]) => (problem ? [{ field, problem }] : []));

/** A payer's requisites by the kind of its legal form; every failing field, in form order. */
export function checkPayer(kind: 'legal' | 'entrepreneur', fields: {
  inn: string; kpp: string | null; ogrn: string; bik: string; settlementAccount: string; correspondentAccount: string;
}): RequisiteError[] {
  return collect([
    ['inn', checkInn(fields.inn, kind === 'legal' ? 'legal' : 'person')],
    ['kpp', kind === 'legal' ? checkKpp(fields.kpp ?? '') : null],
    ['ogrn', checkOgrn(fields.ogrn, kind)],
    ['bik', checkBik(fields.bik)],
    ['settlementAccount', checkSettlementAccount(fields.settlementAccount, fields.bik)],
    ['correspondentAccount', checkCorrespondentAccount(fields.correspondentAccount, fields.bik)],
  ]);
}

/**
 * A client's requisites by type: corporate needs INN (10), KPP, OGRN; entrepreneur INN (12) and OGRNIP;
 * self-employed may give an INN (12); an individual has none. Empty optional values are null or ''.
 */
export function checkClientRequisites(type: 'corporate' | 'entrepreneur' | 'individual' | 'selfemployed', fields: {
  inn?: string | null; kpp?: string | null; ogrn?: string | null;
}): RequisiteError[] {
  const inn = fields.inn ?? '';
  if (type === 'corporate') {
    return collect([['inn', checkInn(inn, 'legal')], ['kpp', checkKpp(fields.kpp ?? '')], ['ogrn', checkOgrn(fields.ogrn ?? '', 'legal')]]);
  }
  if (type === 'entrepreneur') return collect([['inn', checkInn(inn, 'person')], ['ogrn', checkOgrn(fields.ogrn ?? '', 'entrepreneur')]]);
  if (type === 'selfemployed' && inn !== '') return collect([['inn', checkInn(inn, 'person')]]);
  return [];
}
