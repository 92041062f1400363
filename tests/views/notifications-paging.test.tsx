// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsButton } from '../../src/views/components/notifications/notifications-button';
import { controlIntersections, fakeNotifications, note, notificationsSession } from './notifications-harness';
import { renderWithSession } from './harness-parts';

const many = (count: number, read: boolean) =>
  Array.from({ length: count }, (_, index) => note(index + 1, 'Looser', { WhoKickedYou: `Сотрудник ${index + 1}`, ClientName: 'ООО «Альфа»' }, read));

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const undo of cleanups) undo();
  cleanups = [];
});

function setup(count: number, read: boolean) {
  const fake = fakeNotifications(many(count, read));
  const intersections = controlIntersections();
  cleanups.push(fake.install(), intersections.restore);
  const { session } = notificationsSession(fake);
  renderWithSession(session, <NotificationsButton />);
  return { fake, intersections, user: userEvent.setup() };
}

const popup = () => screen.getByRole('dialog', { name: 'Уведомления' });
const placeholder = (page: number) => popup().querySelector(`[data-page="${page}"]`);
const rows = () => popup().querySelectorAll('[data-notification-id]');

describe('notifications popup paging', () => {
  it('counts 250 notifications once, loads page 1 and leaves a placeholder for each other page of 20', async () => {
    const { fake, user } = setup(250, true);
    await user.click(await screen.findByRole('button', { name: 'Уведомления' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(fake.calls.count).toHaveLength(1);
    expect(fake.calls.list.map((call) => [call.page, call.itemsOnPage])).toEqual([[1, 20]]);
    expect(popup().querySelectorAll('[data-page]')).toHaveLength(12);
    expect(within(popup()).getByText('Сотрудник 250 закрыл(а) вам доступ к клиенту ООО «Альфа»')).toBeTruthy();
  });

  it('fetches only the page whose placeholder scrolled into view, after the 500 ms debounce', async () => {
    const { fake, intersections, user } = setup(250, true);
    await user.click(await screen.findByRole('button', { name: 'Уведомления' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    intersections.show(placeholder(3) as Element);
    // Nothing goes out before the debounce ends.
    expect(fake.calls.list).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(40), { timeout: 3000 });
    expect(fake.calls.list.map((call) => call.page)).toEqual([1, 3]);
    expect(placeholder(3)).toBeNull();
    expect(placeholder(2)).not.toBeNull();
    // The rows of page 3 are the 41st to 60th newest.
    expect(within(popup()).getByText('Сотрудник 210 закрыл(а) вам доступ к клиенту ООО «Альфа»')).toBeTruthy();
  });

  it('asks the unread tab for 200 a page, so 250 unread make one placeholder', async () => {
    const { fake, user } = setup(250, false);
    await user.click(await screen.findByRole('button', { name: /Уведомления, новых: 250/ }));
    await waitFor(() => expect(rows()).toHaveLength(200));
    expect(fake.calls.list.map((call) => [call.page, call.itemsOnPage])).toEqual([[1, 200]]);
    expect(popup().querySelectorAll('[data-page]')).toHaveLength(1);
    expect(placeholder(2)).not.toBeNull();
  });
});
