// @vitest-environment jsdom
import './dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it,  } from 'vitest';
import { ApiError } from '../../src/services/api';
import { adminPageSetup, endpointOf, fakeAdmin, systemOf } from './staff-admin-harness';

const openPage = adminPageSetup();
const setup = (options: Parameters<typeof fakeAdmin>[0]) => openPage(options, '/staff/integrations');

const section = async (name: string) => within(await screen.findByRole('region', { name }));
const confirm = () => within(screen.getByRole('alertdialog'));

describe('systems and their API keys', () => {
  it('creates a system with a role and shows its key once; revokes one after a confirmation', async () => {
    const { fake, user } = setup({ systems: [systemOf(70, { name: 'MES цеха' })] });
    const systems = await section('Системы и ключи API');
    expect(await systems.findByRole('rowheader', { name: 'MES цеха' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Описание API для разработчиков' }).getAttribute('href')).toBe('/developers');
    await user.type(systems.getByLabelText('Название системы'), '1С:УПП');
    await user.selectOptions(systems.getByLabelText('Роль'), 'manager');
    await user.click(systems.getByRole('button', { name: 'Создать ключ' }));
    const key = within(await screen.findByRole('status', { name: 'Ключ API системы 1С:УПП' }));
    expect(key.getByText('pcbkey_3f9a-the-whole-secret-key')).toBeTruthy();
    expect(fake.callsOf('createSystem')).toEqual([['1С:УПП', 'manager']]);
    expect(await systems.findByRole('rowheader', { name: '1С:УПП' })).toBeTruthy();
    await user.click(key.getByRole('button', { name: 'Я сохранил, скрыть' }));
    expect(screen.queryByText('pcbkey_3f9a-the-whole-secret-key')).toBeNull();

    const mes = within(systems.getByRole('rowheader', { name: 'MES цеха' }).closest('tr') as HTMLElement);
    await user.click(mes.getByRole('button', { name: 'Отозвать' }));
    await user.click(confirm().getByRole('button', { name: 'Отозвать' }));
    await waitFor(() => expect(mes.getByText('отозван')).toBeTruthy());
    expect(fake.callsOf('revokeSystem')).toEqual([[70]]);
  });
});

describe('webhooks', () => {
  it('registers an endpoint for the events ticked and shows its secret once', async () => {
    const { fake, user } = setup({});
    const hooks = await section('Вебхуки');
    expect(await hooks.findByText('Вебхуков пока нет.')).toBeTruthy();
    await user.type(hooks.getByLabelText('Адрес (URL)'), 'https://erp.factory.ru/pcb');
    await user.click(hooks.getByLabelText('Файлы приложены'));
    await user.click(hooks.getByLabelText('Подана рекламация'));
    await user.click(hooks.getByRole('button', { name: 'Добавить вебхук' }));
    const secret = within(await screen.findByRole('status', { name: 'Секрет подписи для https://erp.factory.ru/pcb' }));
    expect(secret.getByText('whsec_c2lnbmluZy1zZWNyZXQ=')).toBeTruthy();
    expect(fake.callsOf('createWebhook')).toEqual([[{ url: 'https://erp.factory.ru/pcb', events: ['order.placed', 'order.status_changed'] }]]);
    const row = within((await hooks.findByRole('rowheader', { name: 'https://erp.factory.ru/pcb' })).closest('tr') as HTMLElement);
    expect(row.getByText('Заказ оформлен, Статус заказа изменён')).toBeTruthy();
    await user.click(secret.getByRole('button', { name: 'Я сохранил, скрыть' }));
    expect(screen.queryByText('whsec_c2lnbmluZy1zZWNyZXQ=')).toBeNull();
  });

  it('lists deliveries waiting, failed and the last error, shows a refusal in place, and deletes after a confirmation', async () => {
    const refused = new ApiError(400, 'Адрес должен начинаться с https://', 'url', 'bad_format');
    const { fake, user } = setup({ endpoints: [endpointOf(90)], failures: { createWebhook: refused } });
    const hooks = await section('Вебхуки');
    const row = within((await hooks.findByRole('rowheader', { name: /erp\.factory\.ru\/hooks/ })).closest('tr') as HTMLElement);
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Заказ оформлен, Статус заказа изменён', '2', '1', 'HTTP 502', 'Удалить']);
    await user.type(hooks.getByLabelText('Адрес (URL)'), 'http://erp.local');
    await user.click(hooks.getByRole('button', { name: 'Добавить вебхук' }));
    expect((await hooks.findByRole('alert')).textContent).toContain('Адрес должен начинаться с https://');
    await user.click(row.getByRole('button', { name: 'Удалить' }));
    await user.click(confirm().getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(hooks.queryByRole('rowheader', { name: /erp\.factory\.ru\/hooks/ })).toBeNull());
    expect(fake.callsOf('deleteWebhook')).toEqual([[90]]);
  });
});
