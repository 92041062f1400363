import type { NotificationDraft } from '../notifications/create';
import type { DemoAccessIds, DemoInvitationKey, DemoRequestKey } from './demo-access';
import type { DEMO_USERS } from './demo-data';

type UserKey = (typeof DEMO_USERS)[number]['key'];

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * One demo notification: how long ago it came and, for a read one, how long after that it was read. The story
 * follows the seeded clients: Иван Смирнов owns «Электронные системы», administers «ИП Кузнецов А. В.» and has
 * been in and out of «НИИ Радиоприборов» (owned by Ольга Кузнецова, who now invites him back). A notification
 * about a request or invitation names its seeded row (demo-access.ts) by key; the drafts carry the row's id.
 */
interface DemoNotification {
  user: UserKey;
  ago: number;
  readAfter: number | null;
  type: string;
  content: Record<string, unknown>;
  request?: DemoRequestKey;
  invitation?: DemoInvitationKey;
}

const ES = 'Электронные системы';
const KUZ = 'ИП Кузнецов А. В.';
const NII = 'НИИ Радиоприборов';
const IVAN = 'Иван Петрович Смирнов';
const OLGA = 'Ольга Сергеевна Кузнецова';

export const DEMO_NOTIFICATIONS: DemoNotification[] = [
  { user: 'demo', ago: 2 * HOUR, readAfter: null, type: 'ClientAccessRequest',
    content: { RequesterName: 'Пётр Андреевич Петров', ClientName: ES }, request: 'petrovEs' },
  { user: 'demo', ago: 4 * HOUR, readAfter: null, type: 'ClientAccessRequest',
    content: { RequesterName: 'Алексей Дмитриевич Морозов', ClientName: ES }, request: 'morozovEs' },
  { user: 'demo', ago: 7 * HOUR, readAfter: null, type: 'InvitationToClient',
    content: { CreatorName: OLGA, ClientName: NII }, invitation: 'niiDemo' },
  { user: 'demo', ago: 1 * DAY + 3 * HOUR, readAfter: null, type: 'InvitationResult',
    content: { IsAccepted: true, InvitedUsername: OLGA, ClientName: ES } },
  { user: 'demo', ago: 2 * DAY + 5 * HOUR, readAfter: null, type: 'ClientRoleChanging',
    content: { IsAdmin: true, WhoChanged: 'Алексей Кузнецов', ClientName: KUZ } },
  { user: 'demo', ago: 3 * DAY + 1 * HOUR, readAfter: null, type: 'ClientAccessRequest',
    content: { RequesterName: 'Мария Игоревна Новикова', ClientName: KUZ }, request: 'novikovaKuz' },
  { user: 'demo', ago: 5 * DAY + 4 * HOUR, readAfter: 2 * HOUR, type: 'ClientAccessRequestDecision',
    content: { IsAccepted: true, ClientName: KUZ } },
  { user: 'demo', ago: 8 * DAY + 6 * HOUR, readAfter: 30 * 60 * 1000, type: 'InvitationResult',
    content: { IsAccepted: false, InvitedUsername: 'Павел Николаевич Волков', ClientName: ES } },
  { user: 'demo', ago: 11 * DAY + 2 * HOUR, readAfter: 1 * DAY, type: 'ClientAccessRequest',
    content: { RequesterName: 'Дмитрий Олегович Соколов', ClientName: ES }, request: 'sokolovEs' },
  { user: 'demo', ago: 15 * DAY + 8 * HOUR, readAfter: 3 * HOUR, type: 'ClientAccessRequestDecision',
    content: { IsAccepted: false, ClientName: NII } },
  { user: 'demo', ago: 19 * DAY + 1 * HOUR, readAfter: 5 * HOUR, type: 'Looser',
    content: { WhoKickedYou: 'Ольга Кузнецова', ClientName: NII } },
  { user: 'demo', ago: 24 * DAY + 3 * HOUR, readAfter: 20 * 60 * 1000, type: 'ClientRoleChanging',
    content: { IsAdmin: false, WhoChanged: 'Ольга Кузнецова', ClientName: NII } },
  { user: 'demo', ago: 31 * DAY + 4 * HOUR, readAfter: 2 * DAY, type: 'InvitationToClient',
    content: { CreatorName: OLGA, ClientName: NII }, invitation: 'niiDemoOld' },
  { user: 'demo2fa', ago: 2 * HOUR, readAfter: null, type: 'ClientAccessRequest',
    content: { RequesterName: 'Пётр Андреевич Петров', ClientName: ES }, request: 'petrovEs' },
  { user: 'demo2fa', ago: 4 * HOUR, readAfter: null, type: 'ClientAccessRequest',
    content: { RequesterName: 'Алексей Дмитриевич Морозов', ClientName: ES }, request: 'morozovEs' },
  { user: 'demo2fa', ago: 1 * DAY + 3 * HOUR, readAfter: null, type: 'ClientRoleChanging',
    content: { IsAdmin: true, WhoChanged: 'Иван Смирнов', ClientName: ES } },
  { user: 'demo2fa', ago: 2 * DAY, readAfter: 1 * DAY - 3 * HOUR, type: 'InvitationToClient',
    content: { CreatorName: IVAN, ClientName: ES }, invitation: 'esDemo2fa' },
  { user: 'demo2fa', ago: 6 * DAY, readAfter: 4 * HOUR, type: 'InvitationResult',
    content: { IsAccepted: false, InvitedUsername: 'Павел Николаевич Волков', ClientName: NII } },
  { user: 'demo2fa', ago: 15 * DAY + 9 * HOUR, readAfter: 30 * 60 * 1000, type: 'ClientAccessRequest',
    content: { RequesterName: IVAN, ClientName: NII }, request: 'demoNii' },
];

/** The seeded unread count of a demo user (what the summary's notificationsCount starts at). */
export const demoUnreadCount = (user: UserKey): number =>
  DEMO_NOTIFICATIONS.filter((item) => item.user === user && item.readAfter === null).length;

export function demoNotificationDrafts(userIds: ReadonlyMap<string, number>, now: Date, access: DemoAccessIds): NotificationDraft[] {
  const idOf = <K extends string>(ids: ReadonlyMap<K, number>, key: K): number => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`demo notification refers to unknown "${key}"`);
    return id;
  };
  return DEMO_NOTIFICATIONS.flatMap(({ user, ago, readAfter, type, content, request, invitation }) => {
    const userId = userIds.get(user);
    if (userId === undefined) return [];
    const createdAt = new Date(now.getTime() - ago);
    const linked = {
      ...content,
      ...(request === undefined ? {} : { RequestId: idOf(access.requests, request) }),
      ...(invitation === undefined ? {} : { InvitationId: idOf(access.invitations, invitation) }),
    };
    return [{ userId, type, content: linked, createdAt, readAt: readAfter === null ? null : new Date(createdAt.getTime() + readAfter) }];
  });
}

const PEOPLE = ['Алексей Морозов', 'Мария Новикова', 'Дмитрий Соколов', 'Павел Волков', 'Ольга Кузнецова', 'Анна Лебедева', 'Сергей Орлов'];
const CLIENTS = [ES, KUZ, NII];

/** The n-th of a varied series: every type, different people and clients, both outcomes of each yes/no field. */
function variedContent(n: number): { type: string; content: Record<string, unknown> } {
  const person = PEOPLE[n % PEOPLE.length] ?? 'Алексей Морозов';
  const ClientName = CLIENTS[Math.floor(n / 6) % CLIENTS.length] ?? ES;
  const yes = Math.floor(n / 6) % 2 === 0;
  switch (n % 6) {
    case 0: return { type: 'ClientAccessRequest', content: { RequesterName: person, ClientName, RequestId: 1000 + n } };
    case 1: return { type: 'ClientAccessRequestDecision', content: { IsAccepted: yes, ClientName } };
    case 2: return { type: 'InvitationToClient', content: { CreatorName: person, ClientName, InvitationId: 1000 + n } };
    case 3: return { type: 'InvitationResult', content: { IsAccepted: yes, InvitedUsername: person, ClientName } };
    case 4: return { type: 'ClientRoleChanging', content: { IsAdmin: yes, WhoChanged: person, ClientName } };
    default: return { type: 'Looser', content: { WhoKickedYou: person, ClientName } };
  }
}

/**
 * `count` notifications for one user, newest first, 37 minutes apart (so a few hundred span weeks), one in three
 * unread. For trying paging and the unread tab with many items (`npm run admin -- demo-notifications`).
 */
export function variedNotificationDrafts(userId: number, count: number, now: Date): NotificationDraft[] {
  return Array.from({ length: count }, (_, n) => {
    const createdAt = new Date(now.getTime() - (n + 1) * 37 * 60 * 1000);
    return { userId, ...variedContent(n), createdAt, readAt: n % 3 === 0 ? null : new Date(createdAt.getTime() + 10 * 60 * 1000) };
  });
}
