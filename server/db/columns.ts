import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column builders the areas' tables share; each call makes a fresh builder, as every table needs its own. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
/** When a row was made and last changed: the lists of a client's records sort by the first. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: at('updated_at').notNull().defaultNow() });
