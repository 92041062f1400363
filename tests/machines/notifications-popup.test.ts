import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Notification, ReadStatus } from '../../src/contract/notifications';
import { listPagingMachineFor, type FetchPageInput } from '../../src/machines/list-paging/list-paging';
import { notificationsPopupMachine } from '../../src/machines/notifications-popup/notifications-popup';
import { NOTIFICATION_LISTS, READ_AT_UNKNOWN } from '../../src/machines/notifications-popup/notifications-popup-rules';
import type { ChangeReadStatusInput } from '../../src/machines/notifications-popup/notifications-popup-types';
import { SAMPLE_NOTIFICATIONS } from '../../src/machines/notifications-popup/samples';
import { deferred } from '../deferred';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const [accessRequest, invitation, lostAccess] = SAMPLE_NOTIFICATIONS as [Notification, Notification, Notification];
const activate = (item: Notification) =>
  ({ type: 'item.activate', id: item.id, notificationType: item.type, read: item.readAt !== null, content: item.content }) as const;

/** A popup whose tab lists answer with the sample notifications and whose read-state calls the test settles. */
function startPopup(unreadCount: number) {
  const listed: FetchPageInput[] = [];
  const changes: Array<{ input: ChangeReadStatusInput; call: ReturnType<typeof deferred<ReadStatus>> }> = [];
  const spies = {
    reloadUser: vi.fn(),
    adjustUnread: vi.fn(),
    openAccessRequest: vi.fn(),
    openInvitation: vi.fn(),
    logFailure: vi.fn(),
    setUnread: vi.fn(),
  };
  const list = listPagingMachineFor<Notification>().provide({
    actors: {
      fetchCount: fromPromise(async () => ({ count: SAMPLE_NOTIFICATIONS.length })),
      fetchPage: fromPromise<Notification[], FetchPageInput>(async ({ input }) => {
        listed.push(input);
        return SAMPLE_NOTIFICATIONS;
      }),
    },
  });
  const machine = notificationsPopupMachine.provide({
    actions: spies,
    actors: {
      list,
      changeReadStatus: fromPromise<ReadStatus, ChangeReadStatusInput>(({ input }) => {
        const call = deferred<ReadStatus>();
        changes.push({ input, call });
        return call.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { unreadCount } });
  actor.start();
  const items = () => actor.getSnapshot().children.list?.getSnapshot().context.pages[0]?.items ?? [];
  const readAtOf = (id: number) => items().find((item) => item.id === id)?.readAt;
  return { actor, listed, changes, spies, items, readAtOf };
}

const delta = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.map(([, params]) => (params as { delta: number }).delta);

describe('notifications popup: tabs', () => {
  it.each([
    [2, 'new'],
    [0, 'all'],
  ] as const)('opens with %i unread on the tab %s', (unreadCount, tab) => {
    const { actor } = startPopup(unreadCount);
    expect(actor.getSnapshot().matches({ popup: 'closed' })).toBe(true);
    actor.send({ type: 'popup.open' });
    expect(actor.getSnapshot().matches({ popup: { open: tab } })).toBe(true);
  });

  it('takes the badge count given on opening over the one it started with', () => {
    const { actor } = startPopup(0);
    actor.send({ type: 'popup.open', unreadCount: 4 });
    expect(actor.getSnapshot().matches({ popup: { open: 'new' } })).toBe(true);
    expect(actor.getSnapshot().context.unreadCount).toBe(4);
  });

  it("lists unread ones 200 a page on 'Новые' and everything 20 a page on 'Все', newest first", async () => {
    const { actor, listed } = startPopup(1);
    actor.send({ type: 'popup.open' });
    await settle();
    actor.send({ type: 'popup.selectTab', tab: 'all' });
    await settle();
    const sort = { code: 'createdAt', orderBy: 'desc' };
    expect(listed).toEqual([
      { query: { sort, filters: ['NotRead'] }, page: 1, itemsOnPage: 200 },
      { query: { sort }, page: 1, itemsOnPage: 20 },
    ]);
    expect(NOTIFICATION_LISTS.all.query.filters).toBeUndefined();
  });

  it('re-fetches the user on open and on close, and opens on the tab the count says next time', () => {
    const { actor, spies } = startPopup(1);
    actor.send({ type: 'popup.open' });
    expect(spies.reloadUser).toHaveBeenCalledOnce();
    actor.send({ type: 'popup.selectTab', tab: 'all' });
    actor.send({ type: 'popup.close' });
    expect(spies.reloadUser).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().children.list).toBeUndefined();
    actor.send({ type: 'popup.open' });
    expect(actor.getSnapshot().matches({ popup: { open: 'new' } })).toBe(true);
  });
});

describe('notifications popup: read state', () => {
  it('marks an unread item read: count −1, badge −1, the call, the item patched, then the modal', async () => {
    const { actor, changes, spies, readAtOf } = startPopup(2);
    actor.send({ type: 'popup.open' });
    await settle();
    actor.send(activate(accessRequest));
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
    expect(delta(spies.adjustUnread)).toEqual([-1]);
    expect(changes.map((change) => change.input)).toEqual([{ id: 11, read: true }]);
    expect(readAtOf(11)).toBe(READ_AT_UNKNOWN);
    expect(spies.openAccessRequest).toHaveBeenCalledWith(expect.anything(), { requestId: 12 });
    changes[0]?.call.resolve({ id: 11, readAt: '2025-08-28T10:00:00.000Z', unreadCount: 1 });
    await settle();
    expect(readAtOf(11)).toBe('2025-08-28T10:00:00.000Z');
    expect(actor.getSnapshot().context.pending).toEqual([]);
  });

  it('opens an invitation without touching the count when the item was read already', async () => {
    const { actor, changes, spies } = startPopup(2);
    actor.send({ type: 'popup.open' });
    actor.send(activate(invitation));
    expect(spies.openInvitation).toHaveBeenCalledWith(expect.anything(), { invitationId: 7 });
    expect(actor.getSnapshot().context.unreadCount).toBe(2);
    expect(changes).toHaveLength(0);
    actor.send(activate(lostAccess));
    expect(spies.openAccessRequest).not.toHaveBeenCalled();
    expect(changes.map((change) => change.input)).toEqual([{ id: 13, read: true }]);
  });

  it('marks a read item unread: count +1, badge +1, the call with read=false', async () => {
    const { actor, changes, spies, readAtOf } = startPopup(0);
    actor.send({ type: 'popup.open' });
    await settle();
    actor.send({ type: 'item.markUnread', id: 12 });
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
    expect(delta(spies.adjustUnread)).toEqual([1]);
    expect(changes.map((change) => change.input)).toEqual([{ id: 12, read: false }]);
    expect(readAtOf(12)).toBeNull();
  });

  it('undoes a change the gateway refused and only logs it', async () => {
    const { actor, changes, spies, readAtOf } = startPopup(1);
    actor.send({ type: 'popup.open' });
    await settle();
    actor.send(activate(lostAccess));
    changes[0]?.call.reject(new Error('Уведомление не найдено'));
    await settle();
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
    expect(delta(spies.adjustUnread)).toEqual([-1, 1]);
    expect(readAtOf(13)).toBeNull();
    expect(spies.logFailure).toHaveBeenCalledOnce();
  });

  it('sends changes one at a time and counts a second click on the same item once', async () => {
    const { actor, changes } = startPopup(2);
    actor.send({ type: 'popup.open' });
    actor.send(activate(accessRequest));
    actor.send(activate(accessRequest));
    actor.send(activate(lostAccess));
    expect(actor.getSnapshot().context.unreadCount).toBe(0);
    expect(changes).toHaveLength(1);
    changes[0]?.call.resolve({ id: 11, readAt: '2025-08-28T10:00:00.000Z', unreadCount: 1 });
    await settle();
    expect(changes.map((change) => change.input)).toEqual([{ id: 11, read: true }, { id: 13, read: true }]);
  });

  it('keeps sending after the popup closed, and undoes a refused change then too', async () => {
    const { actor, changes, spies } = startPopup(1);
    actor.send({ type: 'popup.open' });
    actor.send(activate(accessRequest));
    actor.send({ type: 'popup.close' });
    expect(actor.getSnapshot().matches({ readStatus: 'saving' })).toBe(true);
    changes[0]?.call.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context).toMatchObject({ unreadCount: 1, pending: [] });
    expect(spies.logFailure).toHaveBeenCalledOnce();
  });

  it('never lets the count go below 0 when it was stale', () => {
    const { actor } = startPopup(0);
    actor.send({ type: 'popup.open' });
    actor.send(activate(accessRequest));
    expect(actor.getSnapshot().context.unreadCount).toBe(0);
  });

  it('ignores item clicks while closed', () => {
    const { actor, changes } = startPopup(1);
    actor.send(activate(accessRequest));
    actor.send({ type: 'item.markUnread', id: 12 });
    expect(changes).toHaveLength(0);
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
  });
});

describe('notifications popup: the gateway\'s counts', () => {
  it('takes a settled count over the one the clicks made, and tells the badge', () => {
    const { actor, spies } = startPopup(2);
    actor.send({ type: 'popup.open' });
    actor.send({ type: 'popup.unreadCounted', count: 6 });
    expect(actor.getSnapshot().context.unreadCount).toBe(6);
    expect(spies.setUnread).toHaveBeenLastCalledWith(expect.anything(), { count: 6 });
  });

  it('ignores a count made while a change is on its way, then takes the gateway\'s answer with the waiting changes counted in', async () => {
    const { actor, changes, spies } = startPopup(3);
    actor.send({ type: 'popup.open' });
    await settle();
    const [first, second] = SAMPLE_NOTIFICATIONS.filter((item) => item.readAt === null);
    for (const item of [first, second]) {
      if (item) actor.send({ type: 'item.activate', id: item.id, notificationType: 'Looser', read: false, content: {} });
    }
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
    actor.send({ type: 'popup.unreadCounted', count: 3 });
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
    // The gateway says 4 after the first (someone else's arrived); the second is still on its way: 3.
    changes[0]?.call.resolve({ id: first?.id ?? 0, readAt: '2025-09-01T10:00:00.000Z', unreadCount: 4 });
    await settle();
    expect(actor.getSnapshot().context.unreadCount).toBe(3);
    expect(spies.setUnread).toHaveBeenLastCalledWith(expect.anything(), { count: 3 });
  });
});
