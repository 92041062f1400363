// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { client, fakeClients, member, renderClientsPage, renderV2ClientsPage } from './clients-harness';

// The access components belong to another part of the page; here they only show that they were given the right client.
vi.mock('../../src/views/components/client-access/my-invitations', () => ({
  MyInvitations: () => <p>Мои приглашения</p>,
}));
vi.mock('../../src/views/components/client-access/client-access-panel', () => ({
  ClientAccessPanel: ({ clientId, role }: { clientId: number; role: number }) => <p>{`Доступ клиента ${clientId}, роль ${role}`}</p>,
}));
vi.mock('../../src/views/components/client-access/request-access-dialog', () => ({
  RequestAccessDialog: ({ open, clientId, clientName }: { open: boolean; clientId: number; clientName: string }) =>
    (open ? <p role="status">{`Запрос доступа к ${clientName} (${clientId})`}</p> : null),
}));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
  document.cookie = 'sort-type-clients=; max-age=0; path=/';
  document.cookie = 'sort-order-clients=; max-age=0; path=/';
});

function setup(options: Parameters<typeof fakeClients>[0], path?: string) {
  const fake = fakeClients(options);
  undo.push(fake.install());
  const view = renderClientsPage(path);
  return { fake, ...view, user: userEvent.setup() };
}

const rows = () => document.querySelectorAll('[data-client-id]');

async function fillCorporate(user: ReturnType<typeof userEvent.setup>, inn: string) {
  await user.click(screen.getByRole('button', { name: 'Создать клиента' }));
  const dialog = await screen.findByRole('dialog', { name: 'Новый клиент' });
  await user.click(within(dialog).getByRole('button', { name: /Юридическое лицо/ }));
  await user.type(within(dialog).getByLabelText('Краткое название'), 'Дельта');
  await user.type(within(dialog).getByLabelText('Полное наименование'), 'ООО «Дельта»');
  await user.type(within(dialog).getByLabelText('ИНН'), inn);
  await user.type(within(dialog).getByLabelText('КПП'), '773601001');
  await user.type(within(dialog).getByLabelText('ОГРН'), '1027700132195');
  return dialog;
}

describe('clients tab', () => {
  it('lists my clients from the pages with type, INN, my role, users, pending requests and the verified mark', async () => {
    setup({
      clients: [
        client(1, { name: 'Альфа', role: 1, usersCount: 3, isVerified: true }),
        client(2, { name: 'Бета', role: 2, pendingRequestsCount: 2, clientType: 'entrepreneur', inn: '500100732259' }),
        client(3, { name: 'Гамма', role: 4, pendingRequestsCount: 5, clientType: 'individual', inn: null }),
      ],
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const alpha = within(rows()[0] as HTMLElement);
    expect(alpha.getByText('Альфа')).toBeTruthy();
    expect(alpha.getByText('Проверен')).toBeTruthy();
    expect(alpha.getByText('ИНН 7707083893')).toBeTruthy();
    expect(alpha.getByText('Ваша роль: Владелец')).toBeTruthy();
    expect(alpha.getByText('Пользователей: 3')).toBeTruthy();
    const beta = within(rows()[1] as HTMLElement);
    expect(beta.getByText('Индивидуальный предприниматель')).toBeTruthy();
    expect(beta.getByText('Запросов доступа: 2')).toBeTruthy();
    // An engineer is not shown the client's requests.
    expect(within(rows()[2] as HTMLElement).queryByText(/Запросов доступа/)).toBeNull();
    expect(screen.getByText('Мои приглашения')).toBeTruthy();
  });

  it('asks the list again for a search, a filter and a sort, and remembers the sort in cookies', async () => {
    document.cookie = 'sort-type-clients=createdAt; path=/';
    document.cookie = 'sort-order-clients=asc; path=/';
    const { fake, user } = setup({ clients: [client(1), client(2)] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fake.calls.count).toEqual([{ sort: { code: 'createdAt', orderBy: 'asc' } }]);
    expect(fake.calls.list[0]).toMatchObject({ page: 1, itemsOnPage: 20 });

    await user.type(screen.getByLabelText('Поиск клиентов'), 'альф');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'createdAt', orderBy: 'asc' }, search: 'альф' }));
    // The typing was gathered into one request.
    expect(fake.calls.count).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Я администратор' }));
    await waitFor(() => expect(fake.calls.count.at(-1)).toMatchObject({ search: 'альф', filters: ['managed'] }));
    expect(screen.getByRole('button', { name: 'Я администратор' }).getAttribute('aria-pressed')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Сортировка'), 'По роли: сначала владелец');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'role', orderBy: 'asc' }, search: 'альф', filters: ['managed'] }));
    expect(document.cookie).toContain('sort-type-clients=role');
    expect(document.cookie).toContain('sort-order-clients=asc');
  });

  it('names a wrong INN on the field as the user leaves it and sends nothing', async () => {
    const { fake, user } = setup({ clients: [] });
    const dialog = await fillCorporate(user, '7707083890');
    await user.tab();
    expect(within(dialog).getByText('Неверное контрольное число ИНН — проверьте цифры')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));
    expect(within(dialog).getByText('Шаг 2 из 3: данные')).toBeTruthy();
    expect(within(dialog).getByLabelText('ИНН').getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.create).toEqual([]);
  });

  it('creates a corporate client, reloads the list and opens the new client', async () => {
    const { fake, user, location } = setup({ clients: [client(1)] });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const dialog = await fillCorporate(user, '7707083893');
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));
    await user.click(within(dialog).getByRole('button', { name: 'Создать клиента' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fake.calls.create).toEqual([expect.objectContaining({ clientType: 'corporate', inn: '7707083893', name: 'Дельта' })]);
    expect(screen.queryByRole('dialog', { name: 'Новый клиент' })).toBeNull();
    expect(location.history?.at(-1)).toBe('/account/clients?clientId=100');
    expect(await screen.findByRole('heading', { name: 'Дельта' })).toBeTruthy();
  });

  it('opens the new-client flow at once from ?create=1 (the dashboard\'s first step) and forgets it when closed', async () => {
    const { user, location } = setup({ clients: [] }, '/account/clients?create=1');
    const dialog = await screen.findByRole('dialog', { name: 'Новый клиент' });
    expect(within(dialog).getByText('Шаг 1 из 3: тип клиента')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый клиент' })).toBeNull());
    expect(location.history?.at(-1)).toBe('/account/clients');
  });

  it('offers to request access when the INN belongs to an existing client (409 client_exists)', async () => {
    const { user } = setup({
      clients: [],
      createError: new ApiError(409, 'Клиент с таким ИНН уже зарегистрирован', 'inn', 'client_exists'),
      found: { id: 5, name: 'ООО «Гамма»', isMember: false },
    });
    const dialog = await fillCorporate(user, '7707083893');
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));
    await user.click(within(dialog).getByRole('button', { name: 'Создать клиента' }));
    expect(await within(dialog).findByText('Клиент с таким ИНН уже есть: ООО «Гамма»')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Запросить доступ' }));
    expect(screen.getByText('Запрос доступа к ООО «Гамма» (5)')).toBeTruthy();
  });

  it('offers an admin only the roles 3–5 for a universal member, none for the owner or another admin', async () => {
    const { fake, user } = setup({
      clients: [client(7, { name: 'Альфа', role: 2, usersCount: 4 })],
      users: { 7: [member(1, 1), member(2, 2, { isCurrent: true }), member(3, 2), member(4, 3)] },
    }, '/account/clients?clientId=7');
    await user.click(await screen.findByRole('tab', { name: /Пользователи/ }));
    const select = await screen.findByRole('combobox', { name: 'Роль пользователя Имя4 Фамилия4' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.filter((option) => !option.disabled).map((option) => option.textContent)).toEqual(['Универсал', 'Инженер', 'Закупщик']);
    expect(screen.queryByRole('combobox', { name: /Имя1/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Имя3/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Удалить пользователя Имя4 Фамилия4' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Удалить пользователя Имя3 Фамилия3' })).toBeNull();
    await user.selectOptions(select, 'Инженер');
    await waitFor(() => expect(fake.calls.changeRole).toEqual([{ clientId: 7, userId: 4, role: 4 }]));
    expect(screen.getByRole('tab', { name: /Доступ/ })).toBeTruthy();
  });

  it('asks the owner to confirm an ownership transfer and hides leaving from the owner', async () => {
    const { fake, user } = setup({
      clients: [client(7, { role: 1, usersCount: 2 })],
      users: { 7: [member(1, 1, { isCurrent: true }), member(4, 3)] },
    }, '/account/clients?clientId=7');
    await user.click(await screen.findByRole('tab', { name: /Пользователи/ }));
    const select = await screen.findByRole('combobox', { name: 'Роль пользователя Имя4 Фамилия4' });
    expect((within(select).getAllByRole('option') as HTMLOptionElement[]).every((option) => !option.disabled)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Покинуть клиента' })).toBeNull();
    expect(screen.getByText(/Владелец не может покинуть клиента/)).toBeTruthy();
    await user.selectOptions(select, 'Владелец');
    const confirm = await screen.findByRole('alertdialog', { name: 'Передать права владельца пользователю Имя4 Фамилия4? Вы станете администратором.' });
    expect(fake.calls.changeRole).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Передать' }));
    await waitFor(() => expect(fake.calls.changeRole).toEqual([{ clientId: 7, userId: 4, role: 1 }]));
  });

  it('asks before leaving, calls Leave, closes the card and reloads the list', async () => {
    const { fake, user, location } = setup({
      clients: [client(7, { name: 'Альфа', role: 3 }), client(8)],
      users: { 7: [member(1, 1), member(2, 3, { isCurrent: true })] },
    }, '/account/clients?clientId=7');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('tab', { name: /Доступ/ })).toBeNull();
    await user.click(await screen.findByRole('tab', { name: /Пользователи/ }));
    await user.click(await screen.findByRole('button', { name: 'Покинуть клиента' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Покинуть клиента «Альфа»\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(fake.calls.leave).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Покинуть клиента' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Покинуть' }));
    await waitFor(() => expect(fake.calls.leave).toEqual([7]));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(location.history?.at(-1)).toBe('/account/clients');
    expect(screen.getByText('Выберите клиента в списке, чтобы увидеть его данные и пользователей')).toBeTruthy();
  });

  it('restores a client: e-mail of the old cabinet, the code, the prefilled data checked, then the client opens', async () => {
    const { fake, user, location } = setup({
      clients: [],
      restorable: {
        name: 'Бета',
        fullName: 'ООО «Бета»',
        clientType: 'corporate',
        inn: '7707083893',
        kpp: '773601001',
        ogrn: '1027700132195',
        countryId: 1,
        regionId: 77,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Восстановить клиента' }));
    const dialog = await screen.findByRole('dialog', { name: 'Восстановление клиента' });
    await user.type(within(dialog).getByLabelText('E-mail старого кабинета'), 'old@');
    await user.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(within(dialog).getByText('Введите e-mail, например name@example.ru')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('E-mail старого кабинета'), 'example.ru');
    await user.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(await within(dialog).findByText(/Мы отправили код на o\*\*\*@example.ru/)).toBeTruthy();
    expect(within(dialog).getByText(/Отправить код повторно можно через/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Код из письма'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));

    const inn = await within(dialog).findByLabelText('ИНН');
    expect((inn as HTMLInputElement).value).toBe('7707083893');
    await user.clear(inn);
    await user.type(inn, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Восстановить клиента' }));
    expect(within(dialog).getByText('ИНН организации — 10 цифр')).toBeTruthy();
    await user.clear(inn);
    await user.type(inn, '7707083893');
    await user.click(within(dialog).getByRole('button', { name: 'Восстановить клиента' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(fake.calls.restoration).toEqual([
      { way: 'oldCabinet', email: 'old@example.ru', orderNumber: '' },
      { code: '123456' },
      { clientData: expect.objectContaining({ name: 'Бета', inn: '7707083893', regionId: 77 }) },
    ]);
    expect(location.history?.at(-1)).toBe('/account/clients?clientId=200');
  });

  it('puts a gateway error of the restoration start on the e-mail field', async () => {
    const { user } = setup({ clients: [] });
    await user.click(screen.getByRole('button', { name: 'Восстановить клиента' }));
    const dialog = await screen.findByRole('dialog', { name: 'Восстановление клиента' });
    await user.type(within(dialog).getByLabelText('E-mail старого кабинета'), 'nobody@example.ru');
    await user.click(within(dialog).getByRole('button', { name: 'Получить код' }));
    expect(await within(dialog).findByText('Клиент старого кабинета с таким e-mail не найден')).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail старого кабинета').getAttribute('aria-invalid')).toBe('true');
  });

  it('lets an admin save the data of a verified client but its full name only through a change request', async () => {
    const { fake, user } = setup({
      clients: [client(7, { name: 'Альфа', fullName: 'ООО «Альфа»', role: 2, isVerified: true, regionId: 77 })],
    }, '/account/clients?clientId=7');
    const name = await screen.findByLabelText('Краткое название');
    expect(screen.getByLabelText('Полное наименование').hasAttribute('readonly')).toBe(true);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    expect(fake.calls.update).toEqual([]);
    await user.type(name, 'Альфа-Плюс');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fake.calls.update).toEqual([expect.objectContaining({ id: 7, name: 'Альфа-Плюс', fullName: 'ООО «Альфа»', regionId: 77 })]));
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText('Альфа-Плюс')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Запросить изменение' }));
    const dialog = await screen.findByRole('dialog', { name: 'Запрос изменения данных' });
    const fullName = within(dialog).getByLabelText('Полное наименование');
    await user.clear(fullName);
    await user.type(fullName, 'ООО «Альфа Плюс»');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить запрос' }));
    await waitFor(() => expect(fake.calls.requestUpdate).toEqual([{ id: 7, fullName: 'ООО «Альфа Плюс»', regionId: 77, officeId: null }]));
    expect(await screen.findByText(/Запрошено изменение от 03.09.2025/)).toBeTruthy();
  });

  it('shows an engineer the data read-only, without saving', async () => {
    setup({ clients: [client(7, { role: 4 })] }, '/account/clients?clientId=7');
    expect(await screen.findByText('Изменять данные клиента могут владелец и администраторы')).toBeTruthy();
    expect(screen.getByLabelText('Краткое название').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });

  it('creates an individual on the full /v2 page and opens it in the clients tab', async () => {
    const fake = fakeClients({ clients: [] });
    undo.push(fake.install());
    const { location } = renderV2ClientsPage();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Новый клиент' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Физическое лицо/ }));
    expect(screen.queryByLabelText('ИНН')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(4);
    await user.type(screen.getByLabelText('Краткое название'), 'Пётр');
    await user.type(screen.getByLabelText('Полное наименование'), 'Петров Пётр Ильич');
    await user.type(screen.getByLabelText('Фамилия'), 'Петров');
    await user.type(screen.getByLabelText('Имя'), 'Пётр');
    await user.selectOptions(screen.getByLabelText('Страна (необязательно)'), 'Россия');
    await user.selectOptions(await screen.findByLabelText('Регион (необязательно)'), 'Москва');
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(screen.getByText('Москва')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Создать клиента' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/clients?clientId=100'));
    expect(fake.calls.create).toEqual([expect.objectContaining({
      clientType: 'individual', isLegal: false, lastName: 'Петров', firstName: 'Пётр', inn: null, countryId: 1, regionId: 77,
    })]);
  });
});
