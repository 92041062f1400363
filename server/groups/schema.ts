import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { users } from '../db/schema';

/** The groups and contacts of the group and users popup, per user. */

/** A group belongs to its owner; deleting the owner's account deletes the group. `image` is a /files/images URL. */
export const userGroups = pgTable('user_groups', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  image: text('image'),
  createdAt: createdAt(),
}, (t) => [index('user_groups_owner_idx').on(t.ownerId)]);

/**
 * Who takes part in a group and with which role. The owner has a row too (role 'admin'), so "the groups I see" is
 * one indexed read of this table.
 */
export const userGroupMembers = pgTable('user_group_members', {
  groupId: integer('group_id').notNull().references(() => userGroups.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['participant', 'admin'] }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.groupId, t.userId] }),
  index('user_group_members_user_idx').on(t.userId),
  check('user_group_members_role_check', sql`${t.role} in ('participant', 'admin')`),
]);

/** A user's own address book of colleagues ('whether in contacts' on the participant card). */
export const userContacts = pgTable('user_contacts', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  contactId: integer('contact_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.contactId] }), index('user_contacts_contact_idx').on(t.contactId)]);

/** What a user hides from colleagues; no row means nothing hidden. */
export const contactPrivacy = pgTable('contact_privacy', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  phoneHidden: boolean('phone_hidden').notNull().default(false),
  emailHidden: boolean('email_hidden').notNull().default(false),
});
