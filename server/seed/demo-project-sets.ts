import { inArray } from 'drizzle-orm';
import type { ProjectSetKind } from '../../src/contract/project-sets';
import type { Db } from '../db/connect';
import { projects } from '../projects/schema';
import { projectSetItems, projectSets } from '../project-sets/schema';

const DAY = 86_400_000;

/**
 * Demo folders and kits over the demo projects (keys of demo-data.ts and demo-projects.ts). A kit item names its
 * quantity; a folder item takes the project's own quantity. The Кузнецов kit holds a draft stencil on purpose, so
 * adding it to the cart shows a skipped project.
 */
const DEMO_PROJECT_SETS: Array<{
  client: string; owner: string; kind: ProjectSetKind; name: string; ageDays: number;
  items: Array<{ project: string; quantity?: number }>;
}> = [
  {
    client: 'es', owner: 'demo', kind: 'kit', name: 'Контроллер двигателя в сборе', ageDays: 0.5,
    items: [{ project: 'motor', quantity: 10 }, { project: 'power', quantity: 10 }],
  },
  {
    client: 'es', owner: 'demo', kind: 'folder', name: 'Прототипы 2025', ageDays: 5,
    items: [{ project: 'sensor' }, { project: 'led' }, { project: 'more-2' }, { project: 'more-3' }],
  },
  {
    client: 'kuz', owner: 'demo', kind: 'kit', name: 'Усилитель УМ-50 — комплект', ageDays: 1.8,
    items: [{ project: 'amp', quantity: 5 }, { project: 'stencil', quantity: 1 }],
  },
];

const pick = <T>(map: Map<string, T>, key: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed refers to unknown "${key}"`);
  return value;
};

/** In the demo seed's transaction, after the demo projects exist. */
export async function seedDemoProjectSets(
  tx: Db, ids: { clientIds: Map<string, number>; userIds: Map<string, number>; projectIds: Map<string, number> }, now: Date,
): Promise<void> {
  const used = DEMO_PROJECT_SETS.flatMap((set) => set.items.map((item) => pick(ids.projectIds, item.project)));
  const own = await tx.select({ id: projects.id, quantity: projects.quantity }).from(projects).where(inArray(projects.id, used));
  const quantityOf = new Map(own.map((row) => [row.id, row.quantity]));
  for (const { client, owner, kind, name, ageDays, items } of DEMO_PROJECT_SETS) {
    const updatedAt = new Date(now.getTime() - ageDays * DAY);
    const createdAt = new Date(updatedAt.getTime() - 3 * DAY);
    const [row] = await tx.insert(projectSets).values({
      clientId: pick(ids.clientIds, client), createdByUserId: pick(ids.userIds, owner), kind, name, createdAt, updatedAt,
    }).returning({ id: projectSets.id });
    if (!row) continue;
    await tx.insert(projectSetItems).values(items.map((item, index) => {
      const projectId = pick(ids.projectIds, item.project);
      return {
        setId: row.id, projectId, quantity: item.quantity ?? quantityOf.get(projectId) ?? 1,
        addedAt: new Date(createdAt.getTime() + index * 60_000),
      };
    }));
  }
}
