import { define, literal, object, optional, pattern, refine, size, string, type Infer } from 'superstruct';

/** Bounded strings: every string the gateway accepts has an upper bound so no body can bloat a row. */
export const text = (max: number) => size(string(), 0, max);
export const requiredText = (max: number) => size(string(), 1, max);

export const email = pattern(size(string(), 3, 254), /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
/** Phone in international form, digits only after '+': +79991234567, +375291234567. */
export const phone = pattern(size(string(), 12, 14), /^\+\d{11,13}$/);
/** SMS and e-mail codes have six digits; a flash-call code is the last four digits of the calling number. */
export const code = pattern(size(string(), 4, 6), /^\d{4,6}$/);
export const password = size(string(), 8, 128);
export const uuid = pattern(size(string(), 36, 36), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
/** The largest id the database holds: ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ENTITY_ID = 2_147_483_647;
const positiveInteger = define<number>('entityId', (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0);
/** Entity ids (clients, projects, orders, notifications) are positive integers the database can hold. */
export const entityId = size(positiveInteger, 1, MAX_ENTITY_ID);
/** The same id as it arrives in a query string; 'range' answers as a number out of its bounds (fieldRange). */
export const entityIdParam = refine(
  pattern(size(string(), 1, 16), /^[1-9]\d*$/),
  'range',
  (value) => Number(value) <= MAX_ENTITY_ID || `Expected an id between \`1\` and \`${MAX_ENTITY_ID}\`, got \`${value}\``,
);
export const isoDateTime = pattern(size(string(), 10, 40), /^\d{4}-\d{2}-\d{2}T/);

export const okResponse = object({ ok: literal(true) });
export type OkResponse = Infer<typeof okResponse>;

/** The error body of every non-2xx answer; the app reads `error` as the message to show. */
export const errorResponse = object({
  error: string(),
  field: optional(string()),
  code: optional(string()),
});

/** A guard for "one of these codes": narrows a string (a filter, a query parameter, an argument) to the list's union. */
export const isOneOf = <Code extends string>(codes: readonly Code[]) =>
  (value: string): value is Code => (codes as readonly string[]).includes(value);
