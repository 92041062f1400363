import { hashPassword } from '../auth/crypto';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { accessRequests, invitations } from '../client-access/schema';
import { DEMO_PASSWORD } from './demo-data';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * Access requests and invitations of the demo, and the people who sent or received them. The story continues
 * demo-notifications.ts: Пётр Петров and Алексей Морозов wait for «Электронные системы» (owned by Иван Смирнов,
 * demo@example.ru; Ольга Кузнецова is its admin), Мария Новикова for «ИП Кузнецов А. В.», Дмитрий Соколов was
 * turned down; Ольга invited Ивана into «НИИ Радиоприборов» once (accepted; he was later demoted and removed,
 * then his own request was declined) and now invites him again. Every extra account signs in with DEMO_PASSWORD.
 */
export const DEMO_ACCESS_USERS = [
  { key: 'petrov', email: 'petrov@example.ru', phone: '+79990009101', firstName: 'Пётр', patronymic: 'Андреевич', lastName: 'Петров', isMale: true },
  { key: 'morozov', email: 'morozov@example.ru', phone: '+79990009102', firstName: 'Алексей', patronymic: 'Дмитриевич', lastName: 'Морозов', isMale: true },
  { key: 'novikova', email: 'novikova@example.ru', phone: '+79990009103', firstName: 'Мария', patronymic: 'Игоревна', lastName: 'Новикова', isMale: false },
  { key: 'sokolov', email: 'sokolov@example.ru', phone: '+79990009104', firstName: 'Дмитрий', patronymic: 'Олегович', lastName: 'Соколов', isMale: true },
  { key: 'volkov', email: 'volkov@example.ru', phone: '+79990009105', firstName: 'Павел', patronymic: 'Николаевич', lastName: 'Волков', isMale: true },
] as const;

/** Times are how long ago; `decided` is set for a finished one, with who decided it. */
export const DEMO_ACCESS_REQUESTS = [
  { key: 'petrovEs', requester: 'petrov', client: 'es', ago: 2 * HOUR, message: 'Работаю инженером-конструктором, прошу доступ к проектам плат управления.' },
  { key: 'morozovEs', requester: 'morozov', client: 'es', ago: 4 * HOUR, message: 'Отдел снабжения: нужен доступ к заказам и счетам.' },
  { key: 'novikovaKuz', requester: 'novikova', client: 'kuz', ago: 3 * DAY + 1 * HOUR, message: '' },
  {
    key: 'sokolovEs', requester: 'sokolov', client: 'es', ago: 11 * DAY + 2 * HOUR, message: 'Прошу доступ.',
    decided: { accepted: false, ago: 10 * DAY, solver: 'demo' },
  },
  {
    key: 'demoNii', requester: 'demo', client: 'nii', ago: 15 * DAY + 9 * HOUR, message: 'Прошу вернуть доступ к проекту радиомодуля.',
    decided: { accepted: false, ago: 15 * DAY + 8 * HOUR, solver: 'demo2fa' },
  },
] as const;

export const DEMO_INVITATIONS = [
  { key: 'niiDemo', client: 'nii', creator: 'demo2fa', email: 'demo@example.ru', role: 3, ago: 7 * HOUR },
  {
    key: 'niiDemoOld', client: 'nii', creator: 'demo2fa', email: 'demo@example.ru', role: 2, ago: 31 * DAY + 4 * HOUR,
    answered: { accepted: true, ago: 31 * DAY, user: 'demo' },
  },
  {
    key: 'esDemo2fa', client: 'es', creator: 'demo', email: 'demo2fa@example.ru', role: 3, ago: 2 * DAY,
    answered: { accepted: true, ago: 1 * DAY + 3 * HOUR, user: 'demo2fa' },
  },
  {
    key: 'esVolkov', client: 'es', creator: 'demo', email: 'volkov@example.ru', role: 4, ago: 9 * DAY,
    answered: { accepted: false, ago: 8 * DAY + 6 * HOUR, user: 'volkov' },
  },
  {
    key: 'niiVolkov', client: 'nii', creator: 'demo2fa', email: 'volkov@example.ru', role: 3, ago: 7 * DAY,
    answered: { accepted: false, ago: 6 * DAY, user: 'volkov' },
  },
  { key: 'esSupply', client: 'es', creator: 'demo', email: 'zakupki@example.ru', role: 5, ago: 1 * DAY },
] as const;

export type DemoRequestKey = (typeof DEMO_ACCESS_REQUESTS)[number]['key'];
export type DemoInvitationKey = (typeof DEMO_INVITATIONS)[number]['key'];

/** The stored ids, so the demo notifications point at real rows. */
export interface DemoAccessIds {
  requests: ReadonlyMap<DemoRequestKey, number>;
  invitations: ReadonlyMap<DemoInvitationKey, number>;
}

const pick = (map: ReadonlyMap<string, number>, key: string): number => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo access seed refers to unknown "${key}"`);
  return value;
};

/**
 * Part of the demo seed's transaction (so it runs once, into a database without users, like the rest): adds the
 * extra accounts to `userIds` and stores the requests and invitations.
 */
export async function seedDemoAccess(
  db: Db, userIds: Map<string, number>, clientIds: ReadonlyMap<string, number>, now: Date,
): Promise<DemoAccessIds> {
  const at = (ago: number) => new Date(now.getTime() - ago);
  // A request and an invitation alike: made some time ago, then accepted or declined, or still pending.
  const answerTimes = (ago: number, answer: { accepted: boolean; ago: number } | null) => ({
    createdAt: at(ago), acceptedAt: answer?.accepted ? at(answer.ago) : null, declinedAt: answer && !answer.accepted ? at(answer.ago) : null,
  });
  const hashes = await Promise.all(DEMO_ACCESS_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  for (const [index, { key, ...values }] of DEMO_ACCESS_USERS.entries()) {
    const [row] = await db.insert(users)
      .values({ ...values, passwordHash: hashes[index] ?? '', isFilled: true, createdAt: at(60 * DAY) })
      .returning({ id: users.id });
    if (row) userIds.set(key, row.id);
  }
  const requests = new Map<DemoRequestKey, number>();
  for (const item of DEMO_ACCESS_REQUESTS) {
    const decided = 'decided' in item ? item.decided : null;
    const [row] = await db.insert(accessRequests).values({
      clientId: pick(clientIds, item.client), requesterUserId: pick(userIds, item.requester), message: item.message,
      ...answerTimes(item.ago, decided), solverUserId: decided ? pick(userIds, decided.solver) : null,
    }).returning({ id: accessRequests.id });
    if (row) requests.set(item.key, row.id);
  }
  const invitationIds = new Map<DemoInvitationKey, number>();
  for (const item of DEMO_INVITATIONS) {
    const answered = 'answered' in item ? item.answered : null;
    const [row] = await db.insert(invitations).values({
      clientId: pick(clientIds, item.client), creatorUserId: pick(userIds, item.creator), email: item.email, role: item.role,
      ...answerTimes(item.ago, answered), invitedUserId: answered ? pick(userIds, answered.user) : null,
    }).returning({ id: invitations.id });
    if (row) invitationIds.set(item.key, row.id);
  }
  return { requests, invitations: invitationIds };
}
