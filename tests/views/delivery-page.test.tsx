// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliverySetting } from '../../src/contract/delivery-settings';
import { ApiError } from '../../src/services/api';
import { clearToasts, getToasts } from '../../src/services/toasts';
import DeliveryPage from '../../src/views/pages/account/delivery-page';
import { deliveryOf, fakeOrderingData, renderAccountTab, testClient } from './ordering-data-harness';

let restore: (() => void) | null = null;
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  restore?.();
  restore = null;
  clearToasts();
});

const tverskaya = deliveryOf(1, 10, { isDefault: true });
const courier = deliveryOf(2, 10, {
  kind: 'express_post', name: 'Офис', endpointId: null, address: 'Москва, Лесная, 7', postalCode: '125047',
  recipientName: 'Анна Петрова', recipientPhone: '+79991234567', divisionId: 31,
});

function open(options: { role?: 1 | 2 | 3 | 4 | 5; delivery?: DeliverySetting[] } = {}) {
  const fake = fakeOrderingData({ delivery: options.delivery ?? [tverskaya, courier] });
  const clients = [testClient(10, 'Альфа', options.role ?? 5), testClient(20, 'Бета', options.role ?? 5)];
  const view = renderAccountTab(<DeliveryPage title="Доставка" />, { clients, fake, path: '/account/delivery' });
  restore = view.restore;
  return { ...view, fake };
}

const panel = () => screen.getByRole('region', { name: 'Способы доставки' });
const group = (name: string) => within(panel()).getByRole('region', { name });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select, textarea' });
const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;

describe('delivery tab', () => {
  it('groups the settings by the reference name of their kind and marks the default', async () => {
    open();
    await screen.findByRole('region', { name: 'Способы доставки' });
    const pickup = group('Пункт выдачи');
    expect(within(pickup).getByText('ПВЗ на Тверской')).toBeTruthy();
    expect(within(pickup).getByText('Основной')).toBeTruthy();
    expect(within(pickup).getByText('Москва, Тверская, 1')).toBeTruthy();
    const post = group('Курьерская служба');
    expect(within(post).getByText('Москва, Лесная, 7, индекс 125047')).toBeTruthy();
    expect(within(post).getByText('Получатель: Анна Петрова, +7 999 123 45 67')).toBeTruthy();
    expect(within(post).getByText('Отгружает: Московский офис')).toBeTruthy();
    expect(within(post).getByRole('button', { name: 'Сделать основным: Офис' })).toBeTruthy();
    expect(within(pickup).queryByRole('button', { name: /Сделать основным/ })).toBeNull();
  });

  it('makes a setting the default with Update of the stored fields', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Сделать основным: Офис' }));
    await waitFor(() => expect(fake.delivery.calls.update).toHaveLength(1));
    const { id, clientId, methodId, createdAt, updatedAt, ...stored } = courier;
    void clientId; void methodId; void createdAt; void updatedAt;
    expect(fake.delivery.calls.update[0]).toEqual({ id, fields: { ...stored, isDefault: true } });
    await waitFor(() => expect(getToasts().map((toast) => toast.text)).toEqual(['Основной способ доставки: «Офис»']));
    await waitFor(() => expect(fake.delivery.lists).toHaveLength(2));
  });

  it('asks for an endpoint of the chosen method only, and shows its address', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить способ доставки' }));
    expect(optionsOf(field('Способ доставки'))).toEqual(['Курьерская служба', 'Пункт выдачи', 'Почта России', 'Склад производителя']);
    expect(optionsOf(field('Пункт выдачи'))).toEqual(['Выберите из списка', 'ПВЗ на Тверской', 'ПВЗ на Арбате']);
    expect(screen.queryByLabelText('Адрес доставки')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(errorOf(field('Пункт выдачи'))).toBe('Выберите пункт из списка');
    expect(fake.delivery.calls.create).toHaveLength(0);

    await user.selectOptions(field('Пункт выдачи'), 'ПВЗ на Арбате');
    expect(screen.getByText('Москва, Арбат, 10')).toBeTruthy();

    await user.selectOptions(field('Способ доставки'), 'Склад производителя');
    expect(optionsOf(field('Склад'))).toEqual(['Выберите из списка', 'Склад в Зеленограде']);
    expect(field('Склад')).toHaveProperty('value', '');
    await user.selectOptions(field('Склад'), 'Склад в Зеленограде');
    await user.selectOptions(field('Отгружающее подразделение'), 'Московский офис');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.delivery.calls.create).toHaveLength(1));
    expect(fake.delivery.calls.create[0]).toEqual({
      clientId: 10,
      fields: {
        kind: 'warehouse', name: '', endpointId: 21, divisionId: 31, address: '', postalCode: '', recipientName: '',
        recipientPhone: null, comment: '', isDefault: false,
      },
    });
    await waitFor(() => expect(within(group('Склад производителя')).getByText('Склад в Зеленограде')).toBeTruthy());
  });

  it('asks a post delivery for an address, and Russian Post for a 6-digit postcode', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить способ доставки' }));
    await user.selectOptions(field('Способ доставки'), 'Почта России');
    expect(screen.queryByLabelText('Пункт выдачи', { selector: 'select' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(errorOf(field('Адрес доставки'))).toBe('Укажите адрес доставки');
    expect(errorOf(field('Почтовый индекс'))).toBe('Для Почты России нужен индекс');
    expect(errorOf(field('Получатель'))).toBe('Укажите получателя');
    expect(fake.delivery.calls.create).toHaveLength(0);

    await user.type(field('Адрес доставки'), 'Тверь, ул. Советская, 1');
    await user.type(field('Почтовый индекс'), '170a00');
    expect(errorOf(field('Почтовый индекс'))).toBe('Индекс — 6 цифр');
    await user.type(field('Почтовый индекс'), '1');
    await user.type(field('Получатель'), 'Олег Смирнов');
    await user.type(field('Телефон получателя'), '9161234567');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.delivery.calls.create).toHaveLength(1));
    expect(fake.delivery.calls.create[0]?.fields).toMatchObject({
      kind: 'russian_post', endpointId: null, address: 'Тверь, ул. Советская, 1', postalCode: '170001',
      recipientName: 'Олег Смирнов', recipientPhone: '+79161234567',
    });
  });

  it('lets courier delivery go without a postcode', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить способ доставки' }));
    await user.selectOptions(field('Способ доставки'), 'Курьерская служба');
    expect(field('Почтовый индекс (необязательно)')).toBeTruthy();
    await user.type(field('Адрес доставки'), 'Москва, Лесная, 5');
    await user.type(field('Получатель'), 'Пётр Иванов');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.delivery.calls.create).toHaveLength(1));
    expect(fake.delivery.calls.create[0]?.fields).toMatchObject({ kind: 'express_post', postalCode: '', recipientPhone: null });
  });

  it('puts the gateway\'s refusal on the field it names', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Изменить доставку Офис' }));
    expect(field('Адрес доставки')).toHaveProperty('value', 'Москва, Лесная, 7');
    fake.delivery.refuseNext(new ApiError(400, 'Адрес слишком длинный', 'address', 'too_long'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(errorOf(field('Адрес доставки'))).toBe('Адрес слишком длинный'));
  });

  it('proposes the first setting of a client as its default', async () => {
    const { user } = open({ delivery: [] });
    expect(await screen.findByRole('heading', { name: 'Способов доставки пока нет' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Добавить способ доставки' }));
    expect(screen.getByRole('checkbox', { name: 'Основной способ доставки' })).toHaveProperty('checked', true);
  });

  it('deletes a setting after confirmation', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Удалить доставку Офис' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Удалить способ доставки «Офис»?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(within(panel()).queryByText('Офис')).toBeNull());
    expect(fake.delivery.calls.remove).toEqual([2]);
  });

  it('shows an engineer the settings without any action', async () => {
    open({ role: 4 });
    await screen.findByRole('region', { name: 'Способы доставки' });
    expect(screen.getByText(/Роль «Инженер» позволяет только просматривать способы доставки/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Добавить|Изменить|Удалить|Сделать основным/ })).toBeNull();
  });

  it('switches the settings with the client picker', async () => {
    const { fake, user } = open({ delivery: [tverskaya, deliveryOf(3, 20, { endpointId: 12 })] });
    await screen.findByText('ПВЗ на Тверской');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Клиент' }), 'Бета');
    expect(await screen.findByText('ПВЗ на Арбате')).toBeTruthy();
    expect(screen.queryByText('ПВЗ на Тверской')).toBeNull();
    expect(fake.delivery.lists).toEqual([10, 20]);
  });
});
