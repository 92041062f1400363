// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/contract/clients';
import { ApiError } from '../../src/services/api';
import { clearToasts, getToasts } from '../../src/services/toasts';
import PayersPage from '../../src/views/pages/account/payers-page';
import { FAKE_BANKS, fakeOrderingData, payer, renderAccountTab, testClient, validPayer } from './ordering-data-harness';

let restore: (() => void) | null = null;
beforeEach(() => {
  localStorage.clear();
  document.cookie = 'sort-type-counteragents=; max-age=0; path=/';
  document.cookie = 'sort-order-counteragents=; max-age=0; path=/';
});
afterEach(() => {
  cleanup();
  restore?.();
  restore = null;
  clearToasts();
});

function open(options: {
  role?: 1 | 2 | 3 | 4 | 5; payers?: ReturnType<typeof payer>[]; path?: string; banks?: typeof FAKE_BANKS; clients?: Client[];
} = {}) {
  const fake = fakeOrderingData({
    payers: options.payers ?? [payer(1, 10), payer(2, 10, { legalForm: 'ip', name: 'Иванов Иван', kpp: null })], banks: options.banks ?? {},
  });
  const clients = options.clients ?? [testClient(10, 'Альфа', options.role ?? 1), testClient(20, 'Бета', options.role ?? 1)];
  const view = renderAccountTab(<PayersPage title="Контрагенты" />, { clients, fake, path: options.path ?? '/account/counteragents' });
  restore = view.restore;
  return { ...view, fake };
}

const list = () => screen.getByRole('list', { name: 'Плательщики' });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' });
/** The error text announced with a field (its hint is described too, but is not an error). */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;

async function fillPayer(user: ReturnType<typeof open>['user'], values: Partial<typeof validPayer> = {}) {
  const data = { ...validPayer, ...values };
  const typed: [string, string | null][] = [
    ['Название организации', data.name], ['ИНН', data.inn], ['КПП', data.kpp], ['ОГРН', data.ogrn],
    ['Юридический адрес', data.legalAddress], ['БИК', data.bik], ['Банк', data.bankName],
    ['Расчётный счёт', data.settlementAccount], ['Корреспондентский счёт', data.correspondentAccount],
  ];
  // Requisites are usually pasted from a company card; typing each digit would only slow the test down.
  for (const [label, value] of typed) {
    if (!value) continue;
    await user.click(field(label));
    await user.paste(value);
  }
}

describe('payers tab', () => {
  it('lists the chosen client\'s payers with their requisites', async () => {
    const { fake, currentUrl } = open();
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list()).getByText('ООО «Ромашка»')).toBeTruthy();
    expect(within(list()).getByText('ИНН 7707083893 · КПП 773601001 · ОГРН 1027700132195')).toBeTruthy();
    expect(within(list()).getByText('ИП Иванов Иван')).toBeTruthy();
    expect(fake.payers.calls.count[0]).toEqual({ clientId: 10, query: { sort: { code: 'name', orderBy: 'asc' } } });
    expect(currentUrl()).toBe('/account/counteragents?clientId=10');
    expect(localStorage.getItem('account-client-7')).toBe('10');
  });

  it('shows a wrong INN checksum on the INN field as the user leaves it, and sends nothing', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый плательщик' });
    await user.type(field('ИНН'), '7707083894');
    await user.tab();
    expect(field('ИНН').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field('ИНН'))).toBe('Неверная контрольная сумма ИНН');

    await fillPayer(user, { inn: '' });
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(fake.payers.calls.create).toHaveLength(0);
    expect(document.activeElement).toBe(field('ИНН'));
  });

  it('names each requisite problem on its own field', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await fillPayer(user, { inn: '770708389', bik: '123456789', settlementAccount: '40702810938000000002' });
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(errorOf(field('ИНН'))).toBe('ИНН юридического лица — 10 цифр');
    expect(errorOf(field('БИК'))).toBe('БИК начинается с 04');
    await user.clear(field('БИК'));
    await user.type(field('БИК'), '044525225');
    expect(errorOf(field('БИК'))).toBeUndefined();
    expect(errorOf(field('Расчётный счёт'))).toBe('Расчётный счёт не соответствует БИК');
    expect(fake.payers.calls.create).toHaveLength(0);
  });

  it('keeps digits only in requisite fields and asks the phone keyboard for them', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await user.type(field('ИНН'), '77-07 08a3893');
    expect(field('ИНН')).toHaveProperty('value', '7707083893');
    expect(field('ИНН').getAttribute('inputmode')).toBe('numeric');
  });

  it('switches the fields by legal form: no KPP and an OGRNIP for a sole proprietor', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await user.selectOptions(field('Организационно-правовая форма'), 'ИП');
    expect(screen.queryByLabelText('КПП')).toBeNull();
    expect(screen.getByText('12 цифр')).toBeTruthy();
    await user.type(field('Фамилия, имя и отчество предпринимателя'), 'Сидоров Пётр');
    await user.type(field('ИНН'), '500100732259');
    await user.type(field('ОГРНИП'), '304500116000157');
    await user.type(field('БИК'), validPayer.bik);
    await user.type(field('Расчётный счёт'), validPayer.settlementAccount);
    await user.type(field('Корреспондентский счёт'), validPayer.correspondentAccount);
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.payers.calls.create).toHaveLength(1));
    expect(fake.payers.calls.create[0]?.fields).toMatchObject({ legalForm: 'ip', inn: '500100732259', kpp: null, ogrn: '304500116000157' });
  });

  it('sends Create with the typed requisites, closes the form, shows a toast and lists the new payer', async () => {
    const { fake, user } = open({ payers: [] });
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await fillPayer(user);
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.payers.calls.create).toEqual([{ clientId: 10, fields: validPayer }]);
    expect(getToasts().map((toast) => toast.text)).toEqual(['Плательщик ООО «Ромашка» добавлен']);
    await waitFor(() => expect(within(list()).getByText('ООО «Ромашка»')).toBeTruthy());
  });

  it('fills the bank and its correspondent account from a known BIK, still editable, and says when a BIK is unknown', async () => {
    const { fake, user } = open({ payers: [], banks: FAKE_BANKS });
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await user.type(field('БИК'), '04452522');
    expect(fake.bankLookups).toEqual([]);
    await user.type(field('БИК'), '5');
    await waitFor(() => expect(field('Банк')).toHaveProperty('value', 'ПАО Сбербанк, г. Москва'));
    expect(field('Корреспондентский счёт')).toHaveProperty('value', '30101810400000000225');
    expect(screen.getByRole('status').textContent).toBe(
      'ПАО Сбербанк, г. Москва: банк и корр. счёт заполнены по справочнику БИК, их можно поправить',
    );
    expect(fake.bankLookups).toEqual(['044525225']);

    // Filled, not locked: the user's own spelling of the bank is what is sent.
    await user.clear(field('Банк'));
    await user.type(field('Банк'), 'Сбербанк');
    await fillPayer(user, { bik: '', bankName: '', correspondentAccount: '' });
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.payers.calls.create).toHaveLength(1));
    expect(fake.payers.calls.create[0]?.fields).toMatchObject({ bik: '044525225', bankName: 'Сбербанк', correspondentAccount: '30101810400000000225' });

    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await user.type(field('БИК'), '044525001');
    await waitFor(() => expect(screen.getByRole('status').textContent)
      .toBe('Этого БИК нет в справочнике банков: укажите банк и корреспондентский счёт сами'));
    expect(field('Банк')).toHaveProperty('value', '');
    expect(field('Корреспондентский счёт')).toHaveProperty('value', '');
  });

  it('offers the client\'s own requisites in one click, editable, and sends them once the address and bank are added', async () => {
    const romashka: Client = {
      ...testClient(10, 'Ромашка'), fullName: 'ООО «Ромашка»', inn: validPayer.inn, kpp: validPayer.kpp, ogrn: validPayer.ogrn,
    };
    const { fake, user } = open({ payers: [], clients: [romashka] });
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await user.click(screen.getByRole('button', { name: 'Плательщик — сам клиент «Ромашка»' }));
    expect(screen.getByText(/^Реквизиты клиента подставлены/)).toBeTruthy();
    expect((field('Организационно-правовая форма') as HTMLSelectElement).value).toBe('ooo');
    expect([field('Название организации'), field('ИНН'), field('КПП'), field('ОГРН')].map((input) => (input as HTMLInputElement).value))
      .toEqual(['Ромашка', validPayer.inn, validPayer.kpp, validPayer.ogrn]);
    // Still checked as typed: a wrong KPP is named on its field.
    await user.clear(field('КПП'));
    await user.type(field('КПП'), '12');
    await user.tab();
    expect(field('КПП').getAttribute('aria-invalid')).toBe('true');
    await user.clear(field('КПП'));
    await user.paste(validPayer.kpp ?? '');
    await fillPayer(user, { name: '', inn: '', kpp: null, ogrn: '' });
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(fake.payers.calls.create).toEqual([{ clientId: 10, fields: validPayer }]));
  });

  it('offers a sole proprietor client as an IP payer, and nothing when a payer is edited', async () => {
    const kuz: Client = {
      ...testClient(10, 'ИП Кузнецов'), clientType: 'entrepreneur',
      fullName: 'Индивидуальный предприниматель Сидоров Пётр', inn: '500100732259', kpp: null, ogrn: '304500116000157',
    };
    const { user } = open({ payers: [payer(1, 10)], clients: [kuz] });
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await user.click(screen.getByRole('button', { name: 'Плательщик — сам клиент «ИП Кузнецов»' }));
    expect((field('Организационно-правовая форма') as HTMLSelectElement).value).toBe('ip');
    expect((field('Фамилия, имя и отчество предпринимателя') as HTMLInputElement).value).toBe('Сидоров Пётр');
    expect((field('ОГРНИП') as HTMLInputElement).value).toBe('304500116000157');
    expect(screen.queryByLabelText('КПП')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await user.click(await screen.findByRole('button', { name: 'Изменить плательщика ООО «Ромашка»' }));
    expect(screen.queryByRole('button', { name: /сам клиент/ })).toBeNull();
  });

  it('puts the gateway\'s refusal on the field it names', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Добавить плательщика' }));
    await fillPayer(user);
    fake.payers.refuseNext(new ApiError(400, 'Такой ИНН уже есть у плательщика клиента', 'inn', 'duplicate'));
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(errorOf(field('ИНН'))).toBe('Такой ИНН уже есть у плательщика клиента'));
    expect(screen.getByRole('dialog', { name: 'Новый плательщик' })).toBeTruthy();
    // Editing the field clears the gateway's word on it.
    await user.type(field('ИНН'), '{Backspace}3');
    expect(errorOf(field('ИНН'))).toBeUndefined();
  });

  it('edits a payer with Update and shows the change in its row', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Изменить плательщика ООО «Ромашка»' }));
    expect(field('ИНН')).toHaveProperty('value', '7707083893');
    await user.clear(field('Название организации'));
    await user.type(field('Название организации'), 'Ромашка-2');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(list()).getByText('ООО «Ромашка-2»')).toBeTruthy());
    expect(fake.payers.calls.update).toEqual([{ id: 1, fields: { ...validPayer, name: 'Ромашка-2' } }]);
  });

  it('asks before deleting, then deletes and reloads the list', async () => {
    const { fake, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Удалить плательщика ИП Иванов Иван' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Удалить плательщика ИП Иванов Иван?' });
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(fake.payers.calls.remove).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Удалить плательщика ИП Иванов Иван' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(fake.payers.calls.remove).toEqual([2]);
    expect(getToasts().map((toast) => toast.text)).toEqual(['Плательщик ИП Иванов Иван удалён']);
  });

  it('shows an engineer the list without create, edit or delete, and says why', async () => {
    open({ role: 4 });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText(/Роль «Инженер» позволяет только просматривать плательщиков/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить плательщика' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Изменить плательщика/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Удалить плательщика/ })).toBeNull();
  });

  it('searches, filters and remembers the sort in cookies', async () => {
    const { fake, user } = open();
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по названию или ИНН' }), 'Иванов');
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(fake.payers.calls.count.at(-1)?.query).toEqual({ sort: { code: 'name', orderBy: 'asc' }, search: 'Иванов' });
    await user.click(screen.getByRole('checkbox', { name: 'Предприниматели' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'Сначала новые');
    await waitFor(() => expect(fake.payers.calls.count.at(-1)?.query).toEqual({
      sort: { code: 'createdAt', orderBy: 'desc' }, search: 'Иванов', filters: ['entrepreneur'],
    }));
    expect(document.cookie).toContain('sort-type-counteragents=createdAt');
    expect(document.cookie).toContain('sort-order-counteragents=desc');
  });

  it('switches the list with the client picker and remembers the choice', async () => {
    const { fake, user, currentUrl } = open({ payers: [payer(1, 10), payer(3, 20, { name: 'Бета-Плюс' })] });
    await waitFor(() => expect(within(list()).getByText('ООО «Ромашка»')).toBeTruthy());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Клиент' }), 'Бета');
    await waitFor(() => expect(within(list()).getByText('ООО «Бета-Плюс»')).toBeTruthy());
    expect(within(list()).queryByText('ООО «Ромашка»')).toBeNull();
    expect(fake.payers.calls.count.at(-1)?.clientId).toBe(20);
    expect(currentUrl()).toBe('/account/counteragents?clientId=20');
    expect(localStorage.getItem('account-client-7')).toBe('20');
  });

  it('opens the client a link names', async () => {
    open({ payers: [payer(1, 10), payer(3, 20, { name: 'Бета-Плюс' })], path: '/account/counteragents?clientId=20' });
    await waitFor(() => expect(within(list()).getByText('ООО «Бета-Плюс»')).toBeTruthy());
    expect(screen.getByRole('combobox', { name: 'Клиент' })).toHaveProperty('value', '20');
  });

  it('points a user without clients to the clients tab', async () => {
    const fake = fakeOrderingData();
    const view = renderAccountTab(<PayersPage title="Контрагенты" />, { clients: [], fake });
    restore = view.restore;
    expect(await screen.findByRole('heading', { name: 'У вас пока нет клиентов' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Создать или восстановить клиента' }).getAttribute('href')).toBe('/account/clients');
    expect(fake.payers.calls.count).toEqual([]);
  });
});
