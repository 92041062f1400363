import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { clients, clientUsers, users } from '../db/schema';
import * as ref from '../db/reference/schema';
import { cartItems } from '../cart/schema';
import { projects } from '../projects/schema';
import { hashPassword } from '../auth/crypto';
import { priceForQuantity } from '../cart/lines';
import { COUNTRIES, REGIONS } from './reference-geo';
import * as data from './reference-data';
import { createNotifications } from '../notifications/create';
import { seedDemoAccess } from './demo-access';
import { demoNotificationDrafts } from './demo-notifications';
import { DEMO_CART, DEMO_CLIENTS, DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { seedDemoProjects } from './demo-projects';
import { seedDemoProjectSets } from './demo-project-sets';
import { seedDemoLegacy } from './demo-legacy';
import { seedDemoOrders } from './demo-orders';
import { seedDemoStaff } from './demo-staff';

/** Reference lists are filled once, when the countries table is still empty. */
async function seedReference(db: Db): Promise<void> {
  const existing = await db.select({ id: ref.countries.id }).from(ref.countries).limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(ref.countries).values(COUNTRIES);
    await tx.insert(ref.regions).values(REGIONS);
    await tx.insert(ref.clientActivities).values(data.CLIENT_ACTIVITIES);
    await tx.insert(ref.offices).values(data.OFFICES);
    await tx.insert(ref.taxcodeTypes).values(data.TAXCODE_TYPES);
    await tx.insert(ref.organizations).values(data.ORGANIZATIONS);
    await tx.insert(ref.projectStatuses).values(data.PROJECT_STATUSES);
    await tx.insert(ref.orderStatuses).values(data.ORDER_STATUSES);
    await tx.insert(ref.orderLineStatuses).values(data.ORDER_LINE_STATUSES);
    await tx.insert(ref.deliveryMethods).values(data.DELIVERY_METHODS);
    await tx.insert(ref.deliveryEndpoints).values(data.DELIVERY_ENDPOINTS);
    await tx.insert(ref.divisionEndpoints).values(data.DIVISION_ENDPOINTS);
  });
}

const pick = <T>(map: Map<string, T>, key: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed refers to unknown "${key}"`);
  return value;
};

/**
 * The demo accounts are long-standing customers: registered before every release the 'Что нового' popup describes,
 * which a user registered after a release never sees.
 */
const DEMO_REGISTERED = new Date('2024-02-01T09:00:00Z');

/** Demo accounts and their organisations, only into a database without users. */
async function seedDemo(db: Db, now: Date): Promise<void> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const userIds = new Map<string, number>();
    for (const [index, user] of DEMO_USERS.entries()) {
      const { key, ...values } = user;
      const [row] = await tx.insert(users).values({
        ...values, secondFactorTypes: [...values.secondFactorTypes], passwordHash: hashes[index] ?? '',
        isFilled: true, createdAt: DEMO_REGISTERED,
      }).returning({ id: users.id });
      if (row) userIds.set(key, row.id);
    }
    const clientIds = new Map<string, number>();
    for (const { key, members, ...values } of DEMO_CLIENTS) {
      const [row] = await tx.insert(clients).values({ ...values, isDemo: true, createdAt: now }).returning({ id: clients.id });
      if (!row) continue;
      clientIds.set(key, row.id);
      await tx.insert(clientUsers).values(members.map(([user, role]) => ({ clientId: row.id, userId: pick(userIds, user), role })));
    }
    const projectIds = await seedDemoProjects(tx, { clientIds, userIds }, now);
    await seedDemoProjectSets(tx, { clientIds, userIds, projectIds }, now);
    for (const { user, project, quantity, priced } of DEMO_CART) {
      const projectId = pick(projectIds, project);
      const [row] = await tx.select().from(projects).where(eq(projects.id, projectId));
      const price = priced && row ? priceForQuantity(row, quantity).price : null;
      await tx.insert(cartItems).values({ userId: pick(userIds, user), projectId, quantity, price, createdAt: now });
    }
    await createNotifications(tx, demoNotificationDrafts(userIds, now, await seedDemoAccess(tx, userIds, clientIds, now)), now);
  });
}

export async function seed(db: Db, options: { demo: boolean; now: Date }): Promise<void> {
  await seedReference(db);
  if (options.demo) await seedDemo(db, options.now);
  if (options.demo) await (await import('./demo-ordering-data')).seedDemoOrderingData(db, options.now);
  // After the payers: the demo orders copy them.
  if (options.demo) await seedDemoOrders(db, options.now);
  if (options.demo) await seedDemoLegacy(db);
  if (options.demo) await seedDemoStaff(db, options.now);
}
