// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../src/contract/clients';
import type { ProjectSet } from '../../src/contract/project-sets';
import type { ProjectSummary } from '../../src/contract/projects';
import { PICKER_PAGE_SIZE, provideProjectSetsCalls } from '../../src/services/project-sets';
import { clearToasts, getToasts } from '../../src/services/toasts';
import ProjectSetPage from '../../src/views/pages/lists/project-set-page';
import { client, fakeProjectSets, projectSet, renderListPage, setItem } from './lists-harness';
import { project, projectsSession } from './projects-harness';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  clearToasts();
  vi.restoreAllMocks();
});

const KIT = projectSet(5, 'kit', {
  name: 'Метеостанция',
  items: [
    setItem(11, { title: 'Основная плата', quantity: 10, price: 5_000, status: 'actual' }),
    setItem(12, { title: 'Датчик', productType: 'module', quantity: 20, price: 3_000, status: 'draft' }),
  ],
});
const FOLDER = projectSet(6, 'folder', { name: 'Пульт', items: [setItem(11, { title: 'Основная плата' })] });
const OWNER: Client[] = [client(1, { name: 'Электронные системы', role: 1 })];

interface Options {
  sets?: ProjectSet[];
  clients?: Client[];
  toCart?: { cartTotal: number; added: number; skipped: number };
  projects?: ProjectSummary[];
  dfmRefusal?: string;
}

const PROJECTS = [
  project(11, { title: 'Основная плата', status: 'actual' }),
  project(21, { title: 'Корпус-плата', status: 'actual', quantity: 7, price: 700 }),
  project(22, { title: 'Чужая плата', clientId: 2, clientName: 'Другой клиент' }),
];

function setup(path: string, { sets = [KIT, FOLDER], clients = OWNER, toCart, projects = PROJECTS, dfmRefusal }: Options = {}) {
  const fake = fakeProjectSets({ sets, clients, toCart, projects, dfmRefusal });
  undo.push(provideProjectSetsCalls(fake.gateway));
  const { session, loads } = projectsSession();
  undo.push(() => session.stop());
  const id = /\/(\d+)$/.exec(path)?.[1];
  const view = renderListPage(path, session, <ProjectSetPage title="Комплект" params={{ id }} />);
  return { fake, loads, ...view, user: userEvent.setup() };
}

const line = (projectId: number) => within(document.querySelector<HTMLElement>(`.set-line[data-project-id="${projectId}"]`) ?? document.body);
const lines = () => [...document.querySelectorAll<HTMLElement>('.set-line')].map((item) => Number(item.dataset.projectId));
const toasts = () => getToasts().map((toast) => toast.text);

describe('a kit', () => {
  it('shows its projects with picture, title link, type, status, own quantity, price, and the total', async () => {
    setup('/kits/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Метеостанция' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все комплекты' }).getAttribute('href')).toBe('/kits');
    expect(lines()).toEqual([11, 12]);
    const sensor = line(12);
    expect(sensor.getByRole('link', { name: 'Датчик' }).getAttribute('href')).toBe('/project/12');
    expect(sensor.getByText('Модуль')).toBeTruthy();
    expect(sensor.getByText('Черновик')).toBeTruthy();
    // The quantity becomes a field once the user's role in the kit's client is known (it loads beside the kit).
    expect((await sensor.findByRole('spinbutton', { name: 'Количество: Датчик' }) as HTMLInputElement).value).toBe('20');
    expect(document.querySelector('.set-line[data-project-id="12"] .product-cover--module')).toBeTruthy();
    expect(screen.getByTestId('set-total').textContent).toBe('8\u00a0000,00\u00a0₽');
  });

  it('changes a project’s quantity on Enter, and explains, keeps as typed and saves nothing that is not 1 to 100 000', async () => {
    const { fake, user } = setup('/kits/5');
    const quantity = await screen.findByRole('spinbutton', { name: 'Количество: Основная плата' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(fake.calls.put).toEqual([]);
    expect((quantity as HTMLInputElement).value).toBe('0');
    expect(screen.getByText('Количество — целое число от 1 до 100 000').id).toBe(quantity.getAttribute('aria-describedby'));

    await user.clear(quantity);
    await user.type(quantity, '30{Enter}');
    await waitFor(() => expect(fake.calls.put).toEqual([{ id: 5, projectId: 11, quantity: 30 }]));
    await waitFor(() => expect(screen.getByTestId('set-total').textContent).toBe('18\u00a0000,00\u00a0₽'));
  });

  it('puts the kit into the cart, tells what was added and skipped, and refreshes the counters', async () => {
    const { fake, loads, user } = setup('/kits/5', { toCart: { cartTotal: 4, added: 1, skipped: 1 } });
    const toCart = await screen.findByRole('button', { name: 'В корзину' });
    await waitFor(() => expect(loads.counters).toBeGreaterThan(0));
    const before = loads.counters;
    await user.click(toCart);
    await waitFor(() => expect(toasts()).toEqual(['В корзину добавлено проектов: 1; пропущено архивных: 1']));
    expect(fake.calls.addToCart).toEqual([5]);
    // The cart widget and the menu badges follow: the counters are asked for again at once.
    await waitFor(() => expect(loads.counters).toBe(before + 1));
  });

  it('offers to send a kit refused for a project\'s DFM errors for an engineer\'s review', async () => {
    const why = 'Проект «Основная плата» нельзя заказать в таком виде: ширина проводника 0.08 мм при допустимом 0.1 мм.';
    const { fake, user } = setup('/kits/5', { toCart: { cartTotal: 4, added: 2, skipped: 0 }, dfmRefusal: why });
    await user.click(await screen.findByRole('button', { name: 'В корзину' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: /нельзя заказать в таком виде$/ }));
    expect(dialog.getByText(why)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Заказать с проверкой инженером' }));
    await waitFor(() => expect(fake.calls.dfmReview).toEqual([false, true]));
    await waitFor(() => expect(toasts()).toEqual(['Проектов добавлено в корзину: 2; платы с ошибками — с проверкой инженером']));
  });

  it('tells the gateway’s refusal when the kit cannot go to the cart', async () => {
    const { user } = setup('/kits/5');
    await user.click(await screen.findByRole('button', { name: 'В корзину' }));
    await waitFor(() => expect(toasts()).toEqual(['Недостаточно прав']));
  });

  it('adds a project of the kit’s client from the picker with the project’s quantity, and removes one', async () => {
    const { fake, user } = setup('/kits/5');
    await user.click(await screen.findByRole('button', { name: 'Добавить проект' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Добавить проект' }));
    const picker = within(await dialog.findByRole('list', { name: 'Проекты клиента' }));
    // The other client's project is not offered; the one already in the kit is marked.
    expect(picker.queryByText('Чужая плата')).toBeNull();
    expect(within(picker.getByText('Основная плата').closest('li') ?? document.body).getByText('Уже добавлен')).toBeTruthy();
    expect(dialog.queryByText(/остальные найдёт поиск/)).toBeNull();
    await user.type(dialog.getByLabelText('Поиск проектов'), 'корпус');
    await waitFor(() => expect(fake.calls.projects.at(-1)).toBe('корпус'));
    await user.click(await dialog.findByRole('button', { name: 'Добавить «Корпус-плата»' }));
    await waitFor(() => expect(fake.calls.put).toEqual([{ id: 5, projectId: 21, quantity: 7 }]));
    expect(await dialog.findByText('Уже добавлен')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(lines()).toEqual([11, 12, 21]));

    await user.click(line(12).getByRole('button', { name: 'Убрать «Датчик» из комплекта' }));
    await waitFor(() => expect(lines()).toEqual([11, 21]));
    expect(fake.calls.removeProject).toEqual([{ id: 5, projectId: 12 }]);
    expect(toasts()).toContain('Проект «Датчик» убран из комплекта');
  });

  it('says when the picker shows only the most recently changed projects, so the others are searched for', async () => {
    const many = Array.from({ length: PICKER_PAGE_SIZE }, (_, index) => project(100 + index, { title: `Плата ${index + 1}`, status: 'actual' }));
    const { user } = setup('/kits/5', { projects: many });
    await user.click(await screen.findByRole('button', { name: 'Добавить проект' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Добавить проект' }));
    expect(await dialog.findByText(`Показаны ${PICKER_PAGE_SIZE} проектов с последними изменениями — остальные найдёт поиск.`)).toBeTruthy();
  });

  it('lets an engineer change the kit but not order it, and a buyer order it but not change it', async () => {
    setup('/kits/5', { clients: [client(1, { name: 'Электронные системы', role: 4 })] });
    expect(await screen.findByRole('button', { name: 'Добавить проект' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'В корзину' })).toBeNull();
    cleanup();

    setup('/kits/5', { clients: [client(1, { name: 'Электронные системы', role: 5 })] });
    expect(await screen.findByRole('button', { name: 'В корзину' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить проект' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(line(11).getByText('10 шт.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Убрать/ })).toBeNull();
  });

  it('is deleted after asking, back to the kits', async () => {
    const { fake, user, location } = setup('/kits/5');
    await user.click(await screen.findByRole('button', { name: 'Действия: Метеостанция' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Удалить' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/kits'));
    expect(fake.calls.remove).toEqual([5]);
  });
});

describe('a folder', () => {
  it('has no quantities to edit and no cart button', async () => {
    setup('/folders/6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Пульт' })).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(line(11).getByText('5 шт.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'В корзину' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Добавить проект' })).toBeTruthy();
  });

  it('moves to its own path when opened as a kit, and says when it does not exist', async () => {
    const { location } = setup('/kits/6');
    await waitFor(() => expect(location.history.at(-1)).toBe('/folders/6'));
    cleanup();
    setup('/folders/77');
    expect(await screen.findByRole('heading', { name: 'Папка не найдена' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все папки' }).getAttribute('href')).toBe('/folders');
  });

  it('says an empty folder is empty and offers to add a project', async () => {
    setup('/folders/8', { sets: [projectSet(8, 'folder', { name: 'Пустая' })] });
    expect(await screen.findByRole('heading', { name: 'В папке пока нет проектов' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Добавить проект' })).toHaveLength(2);
  });
});
