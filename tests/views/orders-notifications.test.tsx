// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/services/i18n';
import { knownNotification } from '../../src/services/notifications';
import { NotificationsButton } from '../../src/views/components/notifications/notifications-button';
import { notificationIcon, notificationIconLabel, notificationTarget, notificationText } from '../../src/views/components/notifications/notification-text';
import { fakeNotifications, note, notificationsSession } from './notifications-harness';
import { renderWithSession } from './harness-parts';

const known = (type: string, content: Record<string, unknown>) => knownNotification({ type, content });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('order notifications', () => {
  it('name the order and its new status, a hold with its reason, a shipment with its tracking number', () => {
    const moved = known('OrderStatusChanged', { OrderId: 5, OrderNumber: 'ПП-2026-00001', Status: 'in_progress', HoldReason: null });
    expect(notificationText(moved, t)).toBe('Заказ ПП-2026-00001: Изготовление');
    expect(notificationIcon(moved)).toBe('cart');
    expect(notificationIconLabel(moved, t)).toBe('Статус заказа');
    expect(notificationTarget(moved)).toBe('/orders/5');

    const held = known('OrderStatusChanged', { OrderId: 5, OrderNumber: 'ПП-2026-00001', Status: 'on_check', HoldReason: 'Нет слоя маски' });
    expect(notificationText(held, t)).toBe('Заказ ПП-2026-00001 приостановлен: Нет слоя маски');

    const shipped = known('OrderStatusChanged', { OrderId: 5, OrderNumber: 'ПП-2026-00001', Status: 'shipped', TrackingNumber: 'CDEK-42' });
    expect(notificationText(shipped, t)).toBe('Заказ ПП-2026-00001 отгружен, трек-номер CDEK-42');
    const shippedBare = known('OrderStatusChanged', { OrderId: 5, OrderNumber: 'ПП-2026-00001', Status: 'shipped' });
    expect(notificationText(shippedBare, t)).toBe('Заказ ПП-2026-00001: Отгружен');
    const canceled = known('OrderStatusChanged', { OrderId: 5, OrderNumber: 'ПП-2026-00001', Status: 'canceled' });
    expect(notificationText(canceled, t)).toBe('Заказ ПП-2026-00001: Отменён');
  });

  it('name the complaint\'s order and its request status', () => {
    const answered = known('ComplaintStatusChanged', { ComplaintId: 3, OrderId: 9, OrderNumber: 'ПП-2026-00009', Status: 'improving' });
    expect(notificationText(answered, t)).toBe('Претензия по заказу ПП-2026-00009: Доработка');
    expect(notificationIconLabel(answered, t)).toBe('Претензия');
    expect(notificationTarget(answered)).toBe('/orders/9');
    // Other types open no page.
    expect(notificationTarget(known('Looser', { WhoKickedYou: 'Олег', ClientName: 'ИП Кузнецов' }))).toBeNull();
  });

  it('open the order on click: marked read, the popup closed, the order page navigated to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakeNotifications([note(4, 'OrderStatusChanged', { OrderId: 12, OrderNumber: 'ПП-2026-00012', Status: 'in_stock' })]);
    const uninstall = fake.install();
    const { session } = notificationsSession(fake);
    const user = userEvent.setup();
    const { location } = renderWithSession(session, <NotificationsButton />, '/projects');
    await user.click(await screen.findByRole('button', { name: /^Уведомления/ }));
    const popup = screen.getByRole('dialog', { name: 'Уведомления' });
    await user.click(await within(popup).findByRole('button', { name: /Заказ ПП-2026-00012: На складе/ }));
    expect(location.history?.at(-1)).toBe('/orders/12');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Уведомления' })).toBeNull());
    await waitFor(() => expect(fake.calls.changeReadStatus).toEqual([{ id: 4, read: true }]));
    uninstall();
    session.stop();
  });
});
