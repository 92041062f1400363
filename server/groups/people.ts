import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CONTACTS_MAX, FOUND_PEOPLE_MAX, type Person, type Privacy } from '../../src/contract/groups';
import { colleaguesAmong, colleaguesOf } from '../client-access/membership';
import { personName } from '../client-access/people';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { users } from '../db/schema';
import { contactPrivacy, userContacts } from './schema';
import { ApiError } from '../http/errors';
import { contains } from '../lists/list-query';

/** People as the popup shows them, found only among the caller's colleagues (members of a shared client). */

const phoneHidden = sql<boolean>`coalesce(${contactPrivacy.phoneHidden}, false)`;
const emailHidden = sql<boolean>`coalesce(${contactPrivacy.emailHidden}, false)`;

function selectPeople(db: Db, viewerId: number) {
  return db.select({
    id: users.id, firstName: users.firstName, patronymic: users.patronymic, lastName: users.lastName,
    email: users.email, phone: users.phone, avatar: users.avatar, phoneHidden, emailHidden,
    inContacts: sql<boolean>`${userContacts.contactId} is not null`,
  }).from(users)
    .leftJoin(contactPrivacy, eq(contactPrivacy.userId, users.id))
    .leftJoin(userContacts, and(eq(userContacts.userId, viewerId), eq(userContacts.contactId, users.id)));
}

type PersonRow = Awaited<ReturnType<ReturnType<typeof selectPeople>['execute']>>[number];

/**
 * Phone and e-mail reach only colleagues, and only what the person did not hide; the person sees their own. Someone
 * who is no colleague (a fellow participant of another client) is named, and whether they hid anything is not told.
 */
function toPerson(row: PersonRow, viewerId: number, isColleague: boolean): Person {
  const isMe = row.id === viewerId;
  const sees = isMe || isColleague;
  return {
    id: row.id,
    name: personName(row, `#${row.id}`),
    avatar: row.avatar,
    phone: sees && (isMe || !row.phoneHidden) ? row.phone : null,
    email: sees && (isMe || !row.emailHidden) ? row.email : null,
    phoneIsHidden: sees && row.phoneHidden,
    emailIsHidden: sees && row.emailHidden,
    isColleague,
    inContacts: row.inContacts,
    isMe,
  };
}

/** The people with these ids as `viewerId` may see them, in the order of `ids`; unknown ids are left out. */
export async function peopleByIds(db: Db, viewerId: number, ids: number[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const [rows, colleagues] = await Promise.all([
    selectPeople(db, viewerId).where(inArray(users.id, ids)),
    colleaguesAmong(db, viewerId, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, toPerson(row, viewerId, colleagues.has(row.id))]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const personNotFound = (field = 'userId') => new ApiError(404, 'personNotFound', {}, { field, code: 'not_found' });

/** A colleague of the caller, or 404: the one gate for adding someone to a group or to the contacts. */
export async function requireColleague(db: Db, viewerId: number, userId: number): Promise<void> {
  if (!(await colleaguesAmong(db, viewerId, [userId])).has(userId)) throw personNotFound();
}

/** Eight to eleven digits of a phone as typed ('8 (999) 000-00-01', '+7 999…'); null when it is not a phone. */
function phoneDigits(search: string): string | null {
  if (!/^[\d\s()+-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  if (digits.length < 4) return null;
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/** Every word of the search in some part of the name: 'Ольга Кузнецова' finds 'Ольга Сергеевна Кузнецова'. */
function nameMatches(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter((word) => word !== '');
  return and(...words.map((word) => or(contains(users.firstName, word), contains(users.patronymic, word), contains(users.lastName, word))));
}

/** The popup's search 'Name, phone, email or ID', among colleagues only; a hidden phone or e-mail is not searched either. */
export async function findPeople(db: Db, viewerId: number, rawSearch: string): Promise<Person[]> {
  const search = rawSearch.trim();
  if (search === '') return [];
  const digits = phoneDigits(search);
  const id = /^\d+$/.test(search) ? asDbId(Number(search)) : null;
  const rows = await selectPeople(db, viewerId)
    .where(
      and(
        inArray(users.id, colleaguesOf(db, viewerId)),
        or(
          nameMatches(search),
          and(sql`not ${emailHidden}`, contains(users.email, search)),
          digits === null
            ? undefined
            : and(sql`not ${phoneHidden}`, sql`strpos(regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g'), ${digits}::text) > 0`),
          id === null ? undefined : eq(users.id, id),
        ),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(FOUND_PEOPLE_MAX);
  return rows.map((row) => toPerson(row, viewerId, true));
}

/**
 * One person's card: a colleague, a contact or someone the caller meets in a group. Anybody else answers 404, the
 * same as an id nobody has, so ids cannot be probed for names.
 */
export async function getPerson(db: Db, viewerId: number, userId: number, sharesGroup: (userId: number) => Promise<boolean>): Promise<Person> {
  const [found] = await peopleByIds(db, viewerId, asDbId(userId) === null ? [] : [userId]);
  if (!found || !(found.isMe || found.isColleague || found.inContacts || (await sharesGroup(userId)))) throw personNotFound();
  return found;
}

export async function contactsOf(db: Db, viewerId: number): Promise<Person[]> {
  const rows = await db.select({ id: userContacts.contactId }).from(userContacts).where(eq(userContacts.userId, viewerId));
  const people = await peopleByIds(db, viewerId, rows.map((row) => row.id));
  return people.sort((a, b) => a.name.localeCompare(b.name, 'ru'));
}

/** Adds a colleague to the caller's contacts; adding one already there changes nothing. */
export async function addContact(db: Db, viewerId: number, userId: number): Promise<Person> {
  if (userId === viewerId) throw new ApiError(409, 'contactSelf', {}, { field: 'userId', code: 'self' });
  await requireColleague(db, viewerId, userId);
  await db.transaction(async (tx) => {
    // One address book at a time, so two requests cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user_contacts'), ${viewerId})`);
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(userContacts).where(eq(userContacts.userId, viewerId));
    if ((row?.count ?? 0) >= CONTACTS_MAX) throw new ApiError(409, 'contactsFull', { max: CONTACTS_MAX }, { field: 'userId', code: 'limit' });
    await tx.insert(userContacts).values({ userId: viewerId, contactId: userId }).onConflictDoNothing();
  });
  const [added] = await peopleByIds(db, viewerId, [userId]);
  if (!added) throw personNotFound();
  return added;
}

/** Removes someone from the caller's contacts (a former colleague too); answers the person as the caller now sees them. */
export async function removeContact(db: Db, viewerId: number, userId: number): Promise<Person> {
  if (asDbId(userId) === null) throw personNotFound();
  const removed = await db.delete(userContacts)
    .where(and(eq(userContacts.userId, viewerId), eq(userContacts.contactId, userId)))
    .returning({ id: userContacts.contactId });
  if (removed.length === 0) throw personNotFound();
  const [person] = await peopleByIds(db, viewerId, [userId]);
  if (!person) throw personNotFound();
  return person;
}

export async function privacyOf(db: Db, userId: number): Promise<Privacy> {
  const [row] = await db.select().from(contactPrivacy).where(eq(contactPrivacy.userId, userId));
  return { phoneIsHidden: row?.phoneHidden ?? false, emailIsHidden: row?.emailHidden ?? false };
}

export async function setPrivacy(db: Db, userId: number, privacy: Privacy): Promise<Privacy> {
  const values = { phoneHidden: privacy.phoneIsHidden, emailHidden: privacy.emailIsHidden };
  await db.insert(contactPrivacy).values({ userId, ...values }).onConflictDoUpdate({ target: contactPrivacy.userId, set: values });
  return privacy;
}
