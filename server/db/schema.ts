import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../src/contract/call';
import { CLIENT_TYPES } from '../../src/contract/clients';
import { at, createdAt } from './columns';
import { clientActivities, countries, offices, regions } from './reference/schema';

/**
 * The tables every area refers to: the people (customers' users and the manufacturer's staff), the clients with
 * who belongs to which, and the settings. Each area's own tables live in its schema.ts (server/<area>/schema.ts).
 */

/** E-mails are stored lower-cased, so the unique index is case-insensitive in effect. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  patronymic: text('patronymic').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  avatar: text('avatar'),
  isMale: boolean('is_male'),
  isFilled: boolean('is_filled').notNull().default(false),
  /** Spec second-factor types (0 SMS, 1 flash call, 2 e-mail), preferred first. */
  secondFactorTypes: integer('second_factor_types').array().notNull().default(sql`'{}'::integer[]`),
  reservePhone: text('reserve_phone'),
  reserveEmail: text('reserve_email'),
  /** The language of the app the user last signed in or registered with: letters are written in it. */
  lang: text('lang', { enum: ['ru', 'en'] }).notNull().default('ru'),
  /** Order letters the user has turned off (server/letters); codes and security letters always go. */
  mutedLetters: text('muted_letters').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_phone_unique').on(t.phone)]);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Client organisations (spec "clients"); the menu counters are computed from what they own. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    clientType: text('client_type', { enum: CLIENT_TYPES }).notNull(),
    isLegal: boolean('is_legal').notNull(),
    countryId: integer('country_id').references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    activityId: integer('activity_id').references(() => clientActivities.id),
    officeId: integer('office_id').references(() => offices.id),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    siteUrl: text('site_url').notNull().default(''),
    accessibleThroughAdmin: boolean('accessible_through_admin').notNull().default(false),
    avatarUrl: text('avatar_url'),
    /** Requisites of the organisation or entrepreneur; empty for individuals. INN is unique among live clients. */
    inn: text('inn'),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    /** A verified client's fullName, region and office change only through a reviewed update request. */
    isVerified: boolean('is_verified').notNull().default(false),
    /** A client of the seeded demo data: the only ones whose orders the demo simulator moves. */
    isDemo: boolean('is_demo').notNull().default(false),
    pendingUpdate: jsonb('pending_update').$type<{
      fullName: string;
      regionId: number | null;
      officeId: number | null;
      requestedAt: string;
      requestedBy: number;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clients_inn_unique')
      .on(t.inn)
      .where(sql`${t.inn} is not null`),
  ],
);

/** A client's own record: its id and the client it belongs to, gone with the client. */
export const clientRecord = () => ({
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
});

/** Role ids: 1 owner, 2 admin, 3 universal, 4 engineer, 5 buyer. */
export const clientUsers = pgTable('client_users', {
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: integer('role').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_users_user_idx').on(t.userId)]);

/**
 * The manufacturer's people (docs/decisions.md "Staff accounts"): apart from customers' users, with their
 * own sessions. E-mails are stored lower-cased. No password until the set-up link is used; no second factor until the
 * first sign-in enrols one.
 */
export const staffMembers = pgTable('staff_members', {
  id: serial('id').primaryKey(),
  /** Null for a system (kind 'system'), which signs in with an API key only. */
  email: text('email'),
  name: text('name').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  /** 'system': one of the manufacturer's systems (an ERP), with no password nor second factor, calling with an API key. */
  kind: text('kind', { enum: ['person', 'system'] }).notNull().default('person'),
  passwordHash: text('password_hash'),
  /** Hash of the one-time set-up link's token; null once used or when none is out. */
  setupTokenHash: text('setup_token_hash'),
  setupExpiresAt: at('setup_expires_at'),
  /** Base32 TOTP secret, set when the member confirms enrolment with a code. */
  totpSecret: text('totp_secret'),
  totpEnrolledAt: at('totp_enrolled_at'),
  /** The TOTP step of the last accepted code: a code of it or of an earlier step is refused (no replay). */
  totpLastStep: integer('totp_last_step').notNull().default(0),
  disabledAt: at('disabled_at'),
  /** The admin who created the member; null: the command line (`npm run admin -- staff-create`). */
  createdBy: integer('created_by'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('staff_members_email_unique').on(t.email)]);
