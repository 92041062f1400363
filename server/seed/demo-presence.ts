import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { clients, staffMembers, users } from '../db/schema';
import { DEMO_ACCESS_USERS } from './demo-access';
import { DEMO_USERS } from './demo-data';
import { DEMO_STAFF } from './demo-staff';

/** The demo's accounts by their e-mails: each signs in with a password the README publishes. */
const DEMO_CUSTOMER_EMAILS = [...DEMO_USERS, ...DEMO_ACCESS_USERS].map((user) => user.email);
const DEMO_STAFF_EMAILS = DEMO_STAFF.map((member) => member.email);

export interface DemoPresence { customers: string[]; staff: string[]; clients: string[] }

/**
 * What a demo run seeded that is still in the database: customer and staff accounts by their e-mails, clients by the
 * mark only the demo seed sets (`is_demo`; their INNs are made up but valid, so a real client may share one).
 */
export async function findDemoData(db: Db): Promise<DemoPresence> {
  const [customerRows, staffRows, clientRows] = await Promise.all([
    db.select({ email: users.email }).from(users).where(inArray(users.email, DEMO_CUSTOMER_EMAILS)),
    db.select({ email: staffMembers.email }).from(staffMembers).where(inArray(staffMembers.email, DEMO_STAFF_EMAILS)),
    db.select({ name: clients.name, inn: clients.inn }).from(clients).where(eq(clients.isDemo, true)),
  ]);
  return {
    customers: customerRows.map((row) => row.email ?? '').sort(),
    staff: staffRows.map((row) => row.email ?? '').sort(),
    clients: clientRows.map((row) => (row.inn ? `${row.name} (INN ${row.inn})` : row.name)).sort(),
  };
}

/**
 * Production refuses a database a demo ran on: its accounts' passwords are published, so anyone could sign in as
 * them. Throws naming what it found and what to do; the database is left as it was.
 */
export async function refuseDemoData(db: Db): Promise<void> {
  const found = await findDemoData(db);
  const parts = [
    found.customers.length > 0 ? `customer accounts ${found.customers.join(', ')}` : null,
    found.staff.length > 0 ? `staff accounts ${found.staff.join(', ')}` : null,
    found.clients.length > 0 ? `demo clients ${found.clients.join(', ')}` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return;
  throw new Error(`NODE_ENV=production refuses to start: the database holds the demo data (${parts.join('; ')}), ` +
    'whose passwords are published. It was seeded by a demo run (`npm start`, or SEED_DEMO outside production). ' +
    'Start production on a fresh database (a new PostgreSQL database in DATABASE_URL, or an empty DATA_DIR; the ' +
    'gateway migrates it at start) and keep this one for demos: a demo database also holds the demo\'s projects, ' +
    'orders and messages, which no command here removes.');
}
