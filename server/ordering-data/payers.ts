import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  LEGAL_FORMS, legalFormKind, legalFormOf, type Payer, type PayerFields, type LegalFormKind,
} from '../../src/contract/payers';
import { checkPayer } from '../../src/contract/requisites';
import type { Db } from '../db/connect';
import { payers } from './schema';
import { ApiError } from '../http/errors';
import { contains, trimmedSearch } from '../lists/list-query';
import { requisiteError } from './requisite-errors';

export type PayerRow = typeof payers.$inferSelect;

interface ListForm {
  clientId: number;
  search?: string | undefined;
  filters?: Array<'legal' | 'entrepreneur'> | undefined;
}

const formsOf = (kind: LegalFormKind) => LEGAL_FORMS.filter((form) => form.kind === kind).map((form) => form.code);

/** The two filters are kinds of legal form, so choosing both means either kind (AND would always be empty). */
export function payersWhere(query: ListForm): SQL | undefined {
  const search = trimmedSearch(query.search);
  const kinds = query.filters ?? [];
  const forms = kinds.flatMap((kind) => formsOf(kind));
  return and(
    eq(payers.clientId, query.clientId),
    kinds.length === 0 ? undefined : inArray(payers.legalForm, forms),
    search === '' ? undefined : or(contains(payers.name, search), contains(payers.inn, search)),
  );
}

/** What a payers page sorts by: the name case-insensitively, or when it was made. */
export const PAYER_SORTS = { name: sql`lower(${payers.name})`, createdAt: payers.createdAt };

export const payerToWire = (row: PayerRow): Payer => ({
  id: row.id,
  clientId: row.clientId,
  legalForm: legalFormOf(row.legalForm),
  name: row.name,
  inn: row.inn,
  kpp: row.kpp,
  ogrn: row.ogrn,
  legalAddress: row.legalAddress,
  bik: row.bik,
  bankName: row.bankName,
  settlementAccount: row.settlementAccount,
  correspondentAccount: row.correspondentAccount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type PayerValues = Omit<PayerFields, 'kpp'> & { kpp: string | null };

/**
 * Trims every string and checks the requisites by the legal form's kind; the first failing field, in form order,
 * answers 400. An entrepreneur has no KPP: a blank one is stored as null, a filled one is refused.
 */
export function validPayer(fields: PayerFields): PayerValues {
  const kind = legalFormKind(fields.legalForm);
  const kpp = fields.kpp?.trim() ?? '';
  const values: PayerValues = {
    legalForm: fields.legalForm,
    name: fields.name.trim(),
    inn: fields.inn.trim(),
    kpp: kind === 'legal' ? kpp : null,
    ogrn: fields.ogrn.trim(),
    legalAddress: fields.legalAddress.trim(),
    bik: fields.bik.trim(),
    bankName: fields.bankName.trim(),
    settlementAccount: fields.settlementAccount.trim(),
    correspondentAccount: fields.correspondentAccount.trim(),
  };
  if (values.name === '') throw new ApiError(400, 'payerNameRequired', {}, { field: 'name', code: 'required' });
  const [first] = checkPayer(kind, values);
  // The KPP comes right after the INN in the form, so a KPP sent for an entrepreneur is reported unless the INN failed.
  if (kind === 'entrepreneur' && kpp !== '' && first?.field !== 'inn') {
    throw new ApiError(400, 'requisiteKppNotAllowed', {}, { field: 'kpp', code: 'requisite_notAllowed' });
  }
  if (first) throw requisiteError(first, kind);
  return values;
}

/** The same INN and KPP twice in one client is one payer entered twice. */
export async function ensureUniqueRequisites(db: Db, clientId: number, values: PayerValues, exceptId?: number): Promise<void> {
  const [twin] = await db.select({ id: payers.id }).from(payers).where(and(
    eq(payers.clientId, clientId),
    eq(payers.inn, values.inn),
    values.kpp === null ? isNull(payers.kpp) : eq(payers.kpp, values.kpp),
    exceptId === undefined ? undefined : ne(payers.id, exceptId),
  )).limit(1);
  if (twin) throw new ApiError(409, 'payerDuplicate', {}, { field: 'inn', code: 'duplicate' });
}
