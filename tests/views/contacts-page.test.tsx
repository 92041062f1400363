// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contact } from '../../src/contract/contacts';
import { ApiError } from '../../src/services/api';
import { clearToasts, getToasts } from '../../src/services/toasts';
import ContactsPage from '../../src/views/pages/account/contacts-page';
import { contactOf, fakeOrderingData, renderAccountTab, testClient } from './ordering-data-harness';

let restore: (() => void) | null = null;
beforeEach(() => {
  localStorage.clear();
  document.cookie = 'sort-type-contacts=; max-age=0; path=/';
  document.cookie = 'sort-order-contacts=; max-age=0; path=/';
});
afterEach(() => {
  cleanup();
  restore?.();
  restore = null;
  clearToasts();
});

const anna = contactOf(1, 10, { middleName: 'Сергеевна', position: 'Снабженец', email: 'anna@alfa.ru' });
const boris = contactOf(2, 10, { firstName: 'Борис', lastName: 'Орлов', phone: null, email: 'boris@alfa.ru' });

function open(options: { role?: 1 | 2 | 3 | 4 | 5; contacts?: Contact[] } = {}) {
  const fake = fakeOrderingData({ contacts: options.contacts ?? [anna, boris] });
  const clients = [testClient(10, 'Альфа', options.role ?? 3), testClient(20, 'Бета', options.role ?? 3)];
  const view = renderAccountTab(<ContactsPage title="Контакты" />, { clients, fake, path: '/account/contacts' });
  restore = view.restore;
  return { ...view, fake };
}

const list = () => screen.getByRole('list', { name: 'Контакты' });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' });
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;

describe('contacts tab', () => {
  it('lists the chosen client\'s contacts with position, phone and e-mail', async () => {
    const { fake } = open();
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list()).getByText('Петрова Анна Сергеевна')).toBeTruthy();
    expect(within(list()).getByText('Снабженец')).toBeTruthy();
    expect(within(list()).getByText('+7 999 123 45 67 · anna@alfa.ru')).toBeTruthy();
    expect(within(list()).getByText('boris@alfa.ru')).toBeTruthy();
    expect(fake.contacts.calls.count[0]).toEqual({ clientId: 10, query: { sort: { code: 'lastName', orderBy: 'asc' } } });
  });

  it('asks for a phone or an e-mail and sends nothing without either', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить контакт' }));
    await user.type(field('Фамилия'), 'Смирнов');
    await user.type(field('Имя'), 'Олег');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(errorOf(field('Телефон'))).toBe('Укажите телефон или e-mail');
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Телефон'));
    expect(fake.contacts.calls.create).toHaveLength(0);

    // An e-mail alone is enough.
    await user.type(field('E-mail'), 'oleg@alfa.ru');
    expect(errorOf(field('Телефон'))).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.contacts.calls.create).toHaveLength(1));
    expect(fake.contacts.calls.create[0]).toEqual({
      clientId: 10,
      fields: { lastName: 'Смирнов', firstName: 'Олег', middleName: '', position: '', phone: null, email: 'oleg@alfa.ru', comment: '' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToasts().map((toast) => toast.text)).toEqual(['Контакт Смирнов Олег добавлен']);
  });

  it('masks the phone as +7 and sends it in international form', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить контакт' }));
    await user.type(field('Фамилия'), 'Смирнов');
    await user.type(field('Имя'), 'Олег');
    await user.type(field('Телефон'), '91612');
    await user.tab();
    expect(field('Телефон')).toHaveProperty('value', '+7 (916) 12');
    expect(errorOf(field('Телефон'))).toBe('Введите номер полностью');
    await user.type(field('Телефон'), '34567');
    expect(field('Телефон')).toHaveProperty('value', '+7 (916) 123-45-67');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.contacts.calls.create).toHaveLength(1));
    expect(fake.contacts.calls.create[0]?.fields).toMatchObject({ phone: '+79161234567', email: null });
  });

  it('puts the gateway\'s refusal on the field it names', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Изменить контакт Петрова Анна Сергеевна' }));
    expect(field('Телефон')).toHaveProperty('value', '+7 (999) 123-45-67');
    fake.contacts.refuseNext(new ApiError(400, 'Поле email: неверный формат', 'email', 'bad_format'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(errorOf(field('E-mail'))).toBe('Поле email: неверный формат'));
    expect(fake.contacts.calls.update).toHaveLength(1);
  });

  it('shows a refusal that names no field above the form', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Изменить контакт Орлов Борис' }));
    fake.contacts.refuseNext(new ApiError(403, 'Недостаточно прав', undefined, 'forbidden'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Недостаточно прав');
  });

  it('keeps a stored foreign number as it is when the contact is saved', async () => {
    const { fake, user } = open({ contacts: [contactOf(5, 10, { phone: '+375291234567' })] });
    await user.click(await screen.findByRole('button', { name: 'Изменить контакт Петрова Анна' }));
    await user.type(field('Должность'), 'Инженер');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fake.contacts.calls.update).toHaveLength(1));
    expect(fake.contacts.calls.update[0]?.fields).toMatchObject({ phone: '+375291234567', position: 'Инженер' });
  });

  it('deletes a contact after confirmation', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Удалить контакт Орлов Борис' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Удалить контакт Орлов Борис?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(fake.contacts.calls.remove).toEqual([2]);
  });

  it('sends the phone and e-mail filters', async () => {
    const { fake, user } = open();
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'С телефоном' }));
    await user.click(screen.getByRole('checkbox', { name: 'С e-mail' }));
    await waitFor(() => expect(fake.contacts.calls.count.at(-1)?.query).toEqual({
      sort: { code: 'lastName', orderBy: 'asc' }, filters: ['withPhone', 'withEmail'],
    }));
  });

  it('shows an engineer a read-only list', async () => {
    open({ role: 4 });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText(/Роль «Инженер» позволяет только просматривать контакты/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить контакт' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Изменить контакт/ })).toBeNull();
  });

  it('offers to add the first contact when the list is empty', async () => {
    const { user } = open({ contacts: [] });
    expect(await screen.findByRole('heading', { name: 'Контактов пока нет' })).toBeTruthy();
    const adds = screen.getAllByRole('button', { name: 'Добавить контакт' });
    await user.click(adds.at(-1) as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Новый контакт' })).toBeTruthy();
  });

  it('switches the list with the client picker', async () => {
    const { fake, user, currentUrl } = open({ contacts: [anna, contactOf(3, 20, { lastName: 'Волков' })] });
    await waitFor(() => expect(within(list()).getByText('Петрова Анна Сергеевна')).toBeTruthy());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Клиент' }), 'Бета');
    await waitFor(() => expect(within(list()).getByText('Волков Анна')).toBeTruthy());
    expect(fake.contacts.calls.count.at(-1)?.clientId).toBe(20);
    expect(currentUrl()).toBe('/account/contacts?clientId=20');
  });
});
