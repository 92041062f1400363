// @vitest-environment jsdom
import './dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_TARGET_TYPES, STAFF_AUDIT_ACTIONS } from '../../src/contract/staff';
import { WEBHOOK_EVENTS } from '../../src/contract/webhooks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminPageSetup, auditEntry, fakeAdmin, systemOf } from './staff-admin-harness';
import { STAFF_TOKEN } from './staff-harness';

const openPage = adminPageSetup();
const setup = (options: Parameters<typeof fakeAdmin>[0]) => openPage(options, '/staff/audit');

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const localDay = (day: string, time: string) => new Date(`${day}T${time}`).toISOString();

describe('the audit log', () => {
  it('shows each entry\'s time, who, the action in words, the target and the change as key: value lines', async () => {
    setup({ auditPages: [[
      auditEntry(3),
      auditEntry(2, { actor: 'cli', action: 'member.create', before: null, after: { email: 'ivan@factory.ru', role: 'manager' }, targetId: '40' }),
    ]] });
    const [changed, created] = await waitFor(() => {
      const found = rows();
      expect(found).toHaveLength(2);
      return found.map((row) => within(row));
    });
    expect(changed?.getByRole('rowheader').textContent).toBe('Изменён сотрудник');
    expect(changed?.getByText('Анна Админова')).toBeTruthy();
    expect(changed?.getByText('сотрудник 11')).toBeTruthy();
    expect(changed?.getAllByRole('listitem').map((line) => line.textContent)).toEqual(['role: engineer → manager']);
    expect(created?.getByText('Командная строка')).toBeTruthy();
    expect(created?.getAllByRole('listitem').map((line) => line.textContent)).toEqual(['email: ivan@factory.ru', 'role: manager']);
  });

  it('sends the filters chosen and pages on with the oldest entry shown', async () => {
    const { fake, user } = setup({
      auditPages: [[auditEntry(9), auditEntry(8)], [auditEntry(5, { action: 'order.move', targetType: 'order', targetId: '5' })]],
      systems: [systemOf(70)],
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(fake.callsOf('audit')).toEqual([[{}, undefined], [{}, 8]]);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(within(rows()[2] as HTMLElement).getByText('Смена статуса заказа')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Кто'), 'cli');
    await user.selectOptions(screen.getByLabelText('Действие'), 'member.disable');
    await user.type(screen.getByLabelText('С'), '2026-11-01');
    await user.type(screen.getByLabelText('По'), '2026-11-28');
    await waitFor(() => expect(fake.callsOf('audit').at(-1)).toEqual([{
      actor: 'cli', action: 'member.disable', from: localDay('2026-11-01', '00:00:00.000'), to: localDay('2026-11-28', '23:59:59.999'),
    }, undefined]));
    await user.selectOptions(screen.getByLabelText('Кто'), 'Ольга Инженерова');
    await waitFor(() => expect(fake.callsOf('audit').at(-1)?.[0]).toMatchObject({ actor: 11 }));
    await user.selectOptions(screen.getByLabelText('Кто'), '1С:УПП');
    await waitFor(() => expect(fake.callsOf('audit').at(-1)?.[0]).toMatchObject({ actor: 70 }));
  });

  it('exports with the same filters and the staff token', async () => {
    const fetched: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string, init: RequestInit) => {
      fetched.push({ url, authorization: new Headers(init.headers).get('Authorization') });
      return Promise.resolve(new Response('id;at\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    }));
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    const { user } = setup({ auditPages: [[auditEntry(3)]] });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Кто'), 'Анна Админова');
    await user.selectOptions(screen.getByLabelText('Действие'), 'order.move');
    await user.type(screen.getByLabelText('С'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Выгрузить CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const from = encodeURIComponent(localDay('2026-11-02', '00:00:00.000'));
    expect(fetched).toEqual([{ url: `/files/staff/audit.csv?actor=13&action=order.move&from=${from}`, authorization: `Bearer ${STAFF_TOKEN}` }]);
  });

  it('has words for every action, target and webhook event in both languages', () => {
    const textAt = (tree: unknown, path: string): unknown =>
      path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), tree);
    for (const locale of ['ru', 'en']) {
      const catalogue: unknown = JSON.parse(readFileSync(join(process.cwd(), 'locales', `${locale}.json`), 'utf8'));
      const missing = [
        ...STAFF_AUDIT_ACTIONS.map((action) => `staff.audit.actions.${action}`),
        ...AUDIT_TARGET_TYPES.map((type) => `staff.audit.targets.${type}`),
        ...WEBHOOK_EVENTS.map((event) => `staff.integrations.events.${event}`),
      ].filter((key) => typeof textAt(catalogue, key) !== 'string');
      expect(missing).toEqual([]);
    }
  });
});
