// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsButton } from '../../src/views/components/notifications/notifications-button';
import { renderWithSession } from './harness-parts';
import { fakeNotifications, note, notificationsSession } from './notifications-harness';

/**
 * Never 2 on the bell and the 'Новые' tab while the list shows 6 unread: whatever the user does, the three
 * counts the app shows of one thing agree: the bell's badge, the tab's total and the unread rows of the list.
 */

/** A notification whose click only marks it read (no modal, no page). */
const order = (id: number) => note(id, 'Looser', { WhoKickedYou: `Сотрудник ${id}`, ClientName: 'ИП Кузнецов' });

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
});

function setup() {
  const fake = fakeNotifications([order(1), order(2)]);
  undo.push(fake.install());
  // The summary is loaded at sign-in, with 2 unread; four more come while the user works.
  const { session } = notificationsSession(fake);
  undo.push(() => session.stop());
  renderWithSession(session, <NotificationsButton />);
  return { fake, session, user: userEvent.setup() };
}

const bellCount = async () =>
  Number(/новых: (\d+)/.exec((await screen.findByRole('button', { name: /^Уведомления/ })).getAttribute('aria-label') ?? '')?.[1] ?? 0);
const popup = () => screen.getByRole('dialog', { name: 'Уведомления' });
const tabCount = () => Number(within(popup()).getByRole('tab', { name: /Новые/ }).querySelector('.ui-tabs__total')?.textContent ?? 0);
const unreadRows = () => popup().querySelectorAll('.notification-item--unread').length;

/** The bell, the tab and the list, once the list has its rows. */
async function counts(rows: number) {
  await waitFor(() => expect(within(popup()).getAllByRole('listitem')).toHaveLength(rows));
  return { bell: await bellCount(), tab: tabCount(), list: unreadRows() };
}

describe('notification counts', () => {
  it('agree when notifications came after the summary was loaded: the bell and the tab take the list\'s count', async () => {
    const { fake, user } = setup();
    await waitFor(async () => expect(await bellCount()).toBe(2));
    for (const id of [3, 4, 5, 6]) fake.arrive(order(id));
    await user.click(screen.getByRole('button', { name: /^Уведомления/ }));
    await waitFor(async () => expect(await counts(6)).toEqual({ bell: 6, tab: 6, list: 6 }));
  });

  it('agree after reading one, and after a notification arrives while the popup is closed', async () => {
    const { fake, user } = setup();
    await waitFor(async () => expect(await bellCount()).toBe(2));
    for (const id of [3, 4, 5, 6]) fake.arrive(order(id));
    await user.click(screen.getByRole('button', { name: /^Уведомления/ }));
    await waitFor(async () => expect(await counts(6)).toEqual({ bell: 6, tab: 6, list: 6 }));

    await user.click(within(popup()).getByRole('button', { name: /Сотрудник 6 / }));
    await waitFor(() => expect(fake.unread()).toBe(5));
    // The read row stays in the open list, marked read.
    await waitFor(async () => expect(await counts(6)).toEqual({ bell: 5, tab: 5, list: 5 }));
    await user.keyboard('{Escape}');

    fake.arrive(order(7));
    await user.click(screen.getByRole('button', { name: /^Уведомления/ }));
    await waitFor(async () => expect(await counts(6)).toEqual({ bell: 6, tab: 6, list: 6 }));
  });
});
