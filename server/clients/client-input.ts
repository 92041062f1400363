import { eq } from 'drizzle-orm';
import type { ClientType } from '../../src/contract/clients';
import { checkClientRequisites, type RequisiteProblem } from '../../src/contract/requisites';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clientActivities, countries, offices, regions } from '../db/reference/schema';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';

export interface Requisites {
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
}

type RequisiteName = 'inn' | 'kpp' | 'ogrn' | 'ogrnip';

/** Each message names the requisite in words, so it reads well next to the field and in a toast. */
const REQUISITE_MESSAGES: Record<RequisiteName, Partial<Record<RequisiteProblem, MessageKey>>> = {
  inn: { required: 'innRequired', digits: 'innDigits', length: 'innLength', checksum: 'innChecksum' },
  kpp: { required: 'kppRequired', length: 'kppLength', format: 'kppFormat' },
  ogrn: { required: 'ogrnRequired', digits: 'ogrnDigits', length: 'ogrnLength', checksum: 'ogrnChecksum' },
  ogrnip: { required: 'ogrnipRequired', digits: 'ogrnipDigits', length: 'ogrnipLength', checksum: 'ogrnipChecksum' },
};

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The requisites a client of this type has, trimmed; the ones its type does not have are dropped (an individual
 * has none, a self-employed person at most an INN), so a stale form value cannot end up stored.
 */
export function requisitesOf(type: ClientType, fields: Partial<Requisites>): Requisites {
  const inn = blankToNull(fields.inn);
  if (type === 'corporate') return { inn, kpp: blankToNull(fields.kpp), ogrn: blankToNull(fields.ogrn) };
  if (type === 'entrepreneur') return { inn, kpp: null, ogrn: blankToNull(fields.ogrn) };
  if (type === 'selfemployed') return { inn, kpp: null, ogrn: null };
  return { inn: null, kpp: null, ogrn: null };
}

/** The first wrong requisite (form order) as 400 naming the field, checked by src/contract/requisites.ts. */
export function assertRequisites(type: ClientType, requisites: Requisites): void {
  const [first] = checkClientRequisites(type, requisites);
  if (!first) return;
  const name: RequisiteName = first.field === 'inn' ? 'inn' : first.field === 'kpp' ? 'kpp' : type === 'entrepreneur' ? 'ogrnip' : 'ogrn';
  const key = REQUISITE_MESSAGES[name][first.problem] ?? 'fieldFormat';
  const length = type === 'corporate' ? 10 : 12;
  throw new ApiError(400, key, { field: first.field, length }, { field: first.field, code: `requisite_${first.problem}` });
}

/** A client's short and full names: required, so not blank either. */
export function assertNames(fields: { name: string; fullName: string }): void {
  for (const field of ['name', 'fullName'] as const) {
    if (fields[field].trim() === '') throw new ApiError(400, 'fieldEmpty', { field }, { field, code: 'empty' });
  }
}

/** A private person's client (individual, self-employed) also needs the person's first and last name. */
export function assertPersonNames(type: ClientType, fields: { firstName?: string; lastName?: string }): void {
  if (type !== 'individual' && type !== 'selfemployed') return;
  if ((fields.firstName ?? '').trim() === '') throw new ApiError(400, 'firstNameRequired', {}, { field: 'firstName', code: 'empty' });
  if ((fields.lastName ?? '').trim() === '') throw new ApiError(400, 'lastNameRequired', {}, { field: 'lastName', code: 'empty' });
}

export interface Places {
  countryId?: number | null;
  regionId?: number | null;
  activityId?: number | null;
  officeId?: number | null;
}

const unknownReference = (key: MessageKey, field: string) => new ApiError(400, key, {}, { field, code: 'unknown_reference' });

async function exists(db: Db, table: typeof countries | typeof clientActivities | typeof offices, id: number): Promise<boolean> {
  const dbId = asDbId(id);
  if (dbId === null) return false;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, dbId));
  return row !== undefined;
}

/**
 * Ids of reference lists must exist, and a region must be one of the country's: 400 naming the field.
 * Only the ids present in `places` are checked.
 */
export async function assertPlaces(db: Db, places: Places): Promise<void> {
  const { countryId, regionId, activityId, officeId } = places;
  if (countryId != null && !(await exists(db, countries, countryId))) throw unknownReference('countryUnknown', 'countryId');
  if (regionId != null) {
    const dbId = asDbId(regionId);
    const [region] = dbId === null ? [] : await db.select().from(regions).where(eq(regions.id, dbId));
    if (!region) throw unknownReference('regionUnknown', 'regionId');
    if (region.countryId !== countryId) {
      throw new ApiError(400, 'regionOutsideCountry', {}, { field: 'regionId', code: 'region_outside_country' });
    }
  }
  if (activityId != null && !(await exists(db, clientActivities, activityId))) throw unknownReference('activityUnknown', 'activityId');
  if (officeId != null && !(await exists(db, offices, officeId))) throw unknownReference('officeUnknown', 'officeId');
}
