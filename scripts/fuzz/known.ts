import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/connect';
import type { AnyCall } from './calls';
import { queryRows } from './snapshot';

/** Values the database holds, by field name: a body that names real rows reaches past the lookups into the handler. */
export type KnownValues = ReadonlyMap<string, readonly unknown[]>;

const FIELD_TABLES: Record<string, string> = {
  clientId: 'clients', userId: 'users', activityId: 'client_activities', regionId: 'regions', countryId: 'countries',
  officeId: 'offices', endpointId: 'delivery_endpoints', divisionId: 'division_endpoints', projectId: 'projects',
  orderId: 'orders', payerId: 'payers', contactId: 'contacts', deliverySettingId: 'delivery_settings',
  complaintId: 'order_complaints', accessRequestId: 'access_requests', invitationId: 'invitations', sessionId: 'sessions',
  uploadId: 'board_uploads', secondFactorId: 'auth_processes', registrationProcessId: 'auth_processes',
  changingProcessId: 'auth_processes', confirmationId: 'auth_processes', restorationId: 'auth_processes', lineIds: 'cart_items',
};

/** What a bare `id` (or `lineId`) names depends on the call. */
const PATH_TABLES: Array<[RegExp, string]> = [
  [/\/cart\//, 'cart_items'], [/\/Clients\/GetAccessRequest$/, 'access_requests'], [/\/Clients\/GetInvitation$/, 'invitations'],
  [/\/Clients\//, 'clients'], [/\/Contacts\//, 'contacts'], [/\/Counteragents\//, 'payers'], [/\/Delivery\//, 'delivery_settings'],
  [/\/Notifications\//, 'notifications'], [/\/order-lines\//, 'order_lines'], [/\/orders\//, 'orders'], [/\/project-sets\//, 'project_sets'],
  [/\/projects\//, 'projects'], [/\/Authorization\//, 'sessions'],
];

/** Clients the fuzz's own user belongs to: named four times as often as others, so most calls get past membership. */
const OWN_CLIENTS = sql.raw(`select cu.client_id::text as id from client_users cu join users u on u.id = cu.user_id
  where u.email = 'demo@example.ru'`);

const camel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A few values of every text column, under the column's name as a field would spell it (full_name → fullName): a
 * body that repeats a client's own full name or an existing INN gets further than one made of placeholders.
 */
export async function textValues(db: Db): Promise<KnownValues> {
  const columns = await queryRows<{ table: string; column: string }>(db, sql`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying') order by table_name, column_name`);
  if (!columns.length) return new Map();
  const rows = await queryRows<{ field: string; value: string }>(db, sql.raw(columns.map(({ table, column }) =>
    `(select '${camel(column)}' as field, v as value from (select distinct "${column}"::text as v from "${table}" where "${column}" is not null limit 6) s)`)
    .join(' union all ')));
  const known = new Map<string, string[]>();
  for (const { field, value } of rows) known.set(field, [...(known.get(field) ?? []), value]);
  return known;
}

/** Up to 30 ids of each table a field may name, as numbers and as the strings a query string carries; `texts` beside. */
export async function knownValues(db: Db, call: AnyCall, texts: KnownValues = new Map()): Promise<KnownValues> {
  const pathTable = PATH_TABLES.find(([pattern]) => pattern.test(call.path))?.[1];
  const tables: Record<string, string> = {
    ...FIELD_TABLES,
    ...(pathTable ? { id: pathTable, lineId: pathTable === 'orders' ? 'order_lines' : pathTable } : {}),
  };
  const known = new Map<string, readonly unknown[]>(texts);
  const cache = new Map<string, unknown[]>();
  for (const [field, table] of Object.entries(tables)) {
    let values = cache.get(table);
    if (!values) {
      const rows = await queryRows<{ id: string }>(db, sql.raw(`select id::text as id from "${table}" order by id desc limit 30`));
      if (table === 'clients') {
        const own = await queryRows<{ id: string }>(db, OWN_CLIENTS);
        rows.push(...own, ...own, ...own, ...own);
      }
      values = rows.flatMap(({ id }) => (/^\d+$/.test(id) ? [Number(id), id] : [id]));
      cache.set(table, values);
    }
    known.set(field, values);
  }
  return known;
}
