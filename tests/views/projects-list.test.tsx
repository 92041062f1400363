// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { controlIntersections } from './notifications-harness';
import { fakeProjects, project, projectsSession, renderProjectsPage } from './projects-harness';

// Pictures are fetched with the token by the board helper's hook; here a picture is simply there.
vi.mock('../../src/services/board-images', () => import('./board-images-stub'));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
  clearToasts();
  document.cookie = 'sort-type-projects=; max-age=0; path=/';
  document.cookie = 'sort-order-projects=; max-age=0; path=/';
});

function setup(options: Parameters<typeof fakeProjects>[0], path = '/projects') {
  const fake = fakeProjects(options);
  undo.push(fake.install());
  const { session, loads } = projectsSession();
  undo.push(() => session.stop());
  const view = renderProjectsPage(path, session);
  return { fake, loads, ...view, user: userEvent.setup() };
}

const items = () => [...document.querySelectorAll<HTMLElement>('[data-project-id]')];
const itemOf = (id: number) => {
  const found = document.querySelector<HTMLElement>(`[data-project-id="${id}"]`);
  if (!found) throw new Error(`project ${id} is not listed`);
  return within(found);
};
const toastTexts = () => getToasts().map((toast) => toast.text);

describe('projects list', () => {
  it('opens the view named in the query: drafts, asked newest activity first, each line with its facts', async () => {
    const { fake } = setup({
      projects: [
        project(1, { title: 'Контроллер', status: 'draft', quantity: 25, price: 12_345.5, layers: 4, clientName: 'Электронные системы' }),
        project(2, { title: 'Готовая', status: 'actual' }),
        project(3, { title: 'Без цены', status: 'draft', price: null, widthMm: null, heightMm: null, layers: null, previewUrl: null, productType: 'stencil' }),
      ],
    }, '/projects?status=draft');
    expect(screen.getByRole('heading', { level: 1, name: 'Черновики' })).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(fake.calls.count).toEqual([{ sort: { code: 'activity', orderBy: 'desc' }, filters: ['draft'] }]);
    expect(screen.getByRole('tab', { name: /Черновики/ }).getAttribute('aria-selected')).toBe('true');

    const line = itemOf(1);
    expect(line.getByRole('link', { name: 'Контроллер' }).getAttribute('href')).toBe('/project/1');
    expect(line.getByText('№ 1')).toBeTruthy();
    expect(line.getByText('Электронные системы')).toBeTruthy();
    expect(line.getByText('Плата')).toBeTruthy();
    expect(line.getByText('100 × 80 мм')).toBeTruthy();
    expect(line.getByText('Слоёв: 4')).toBeTruthy();
    expect(line.getByText('25 шт.')).toBeTruthy();
    expect(document.querySelector('[data-project-id="1"] .project-item__price')?.textContent).toBe('12\u00a0345,50\u00a0₽');
    expect(line.getByText('Черновик')).toBeTruthy();
    expect(line.getByText(/^Изменён \d{2}\.\d{2}\.2025$/)).toBeTruthy();
    // The board's picture where there are files, the product's cover where there are none.
    expect(document.querySelector('[data-project-id="1"] img')?.getAttribute('src')).toBe('blob:/files/boards/u1/top.svg');
    const bare = itemOf(3);
    expect(bare.getByText('Оценка')).toBeTruthy();
    expect(bare.getByText('Трафарет')).toBeTruthy();
    expect(bare.queryByText(/мм$/)).toBeNull();
    expect(document.querySelector('[data-project-id="3"] .product-cover--stencil')).toBeTruthy();
  });

  it('switches views with the tabs, replacing the query so a reload keeps the view and Back leaves the page', async () => {
    const { fake, user, location } = setup({
      projects: [
        project(1, { status: 'draft' }),
        project(2, { status: 'archive', title: 'Старая' }),
        project(3, { isFavorite: true, status: 'actual', title: 'Любимая' }),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Проекты' })).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(fake.calls.count[0]).toEqual({ sort: { code: 'activity', orderBy: 'desc' } });

    await user.click(screen.getByRole('tab', { name: /Архивные/ }));
    expect(location.history).toEqual(['/projects?status=archive']);
    expect(screen.getByRole('heading', { level: 1, name: 'Архивные' })).toBeTruthy();
    await waitFor(() => expect(items().map((item) => item.dataset.projectId)).toEqual(['2']));
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'activity', orderBy: 'desc' }, filters: ['archive'] });

    await user.click(screen.getByRole('tab', { name: /Избранные проекты/ }));
    expect(location.history).toEqual(['/projects?favorite=true']);
    await waitFor(() => expect(items().map((item) => item.dataset.projectId)).toEqual(['3']));
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'activity', orderBy: 'desc' }, filters: ['favorite'] });
  });

  it('shows the drafts and ready counts of the menu counters on their tabs', async () => {
    setup({ projects: [project(1)] });
    await waitFor(() => expect(screen.getByRole('tab', { name: /Доступны для заказа/ }).textContent).toContain('4'));
    expect(screen.getByRole('tab', { name: /Черновики/ }).textContent).toContain('2');
  });

  it('asks again for a search (one request for the word typed), a product type and a sort, and remembers the sort in cookies', async () => {
    document.cookie = 'sort-type-projects=price; path=/';
    document.cookie = 'sort-order-projects=asc; path=/';
    const { fake, user } = setup({ projects: [project(1, { title: 'Альфа' }), project(2, { title: 'Бета', productType: 'panel' })] });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(fake.calls.count).toEqual([{ sort: { code: 'price', orderBy: 'asc' } }]);

    await user.type(screen.getByLabelText('Поиск проектов'), 'бет');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'price', orderBy: 'asc' }, search: 'бет' }));
    expect(fake.calls.count).toHaveLength(2);
    await waitFor(() => expect(items().map((item) => item.dataset.projectId)).toEqual(['2']));

    await user.selectOptions(screen.getByLabelText('Тип изделия'), 'Панель');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'price', orderBy: 'asc' }, search: 'бет', filters: ['panel'] }));

    await user.selectOptions(screen.getByLabelText('Сортировка'), 'Сначала недавно изменённые');
    await waitFor(() => expect(fake.calls.count.at(-1)).toMatchObject({ sort: { code: 'activity', orderBy: 'desc' } }));
    expect(document.cookie).toContain('sort-type-projects=activity');
    expect(document.cookie).toContain('sort-order-projects=desc');
  });

  it('offers to create the first project when there is none, and says "nothing found" for a search', async () => {
    const { user } = setup({ projects: [] });
    expect(await screen.findByRole('heading', { name: 'Проектов пока нет' })).toBeTruthy();
    const create = screen.getAllByRole('link', { name: 'Создать проект' });
    // The page's own button and the empty list's both lead to the wizard.
    expect(create.map((link) => link.getAttribute('href'))).toEqual(['/wizard-board', '/wizard-board']);
    await user.type(screen.getByLabelText('Поиск проектов'), 'xyz');
    expect(await screen.findByRole('heading', { name: 'Ничего не найдено' })).toBeTruthy();
  });

  it('turns the star at once, saves it and reloads the menu counters; a refusal turns it back with the gateway\'s words', async () => {
    const { fake, user, loads } = setup({ projects: [project(1, { title: 'Звезда' })] });
    await waitFor(() => expect(items()).toHaveLength(1));
    const before = loads.counters;
    await user.click(screen.getByRole('button', { name: 'Добавить «Звезда» в избранное' }));
    expect(screen.getByRole('button', { name: 'Убрать «Звезда» из избранного' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fake.calls.setFavorite).toEqual([{ id: 1, isFavorite: true }]));
    await waitFor(() => expect(loads.counters).toBe(before + 1));

    cleanup();
    const failing = setup({ projects: [project(2, { title: 'Упрямая' })], failures: { setFavorite: new ApiError(403, 'Недостаточно прав') } });
    await waitFor(() => expect(items()).toHaveLength(1));
    await failing.user.click(screen.getByRole('button', { name: 'Добавить «Упрямая» в избранное' }));
    await waitFor(() => expect(toastTexts()).toContain('Недостаточно прав'));
    expect(screen.getByRole('button', { name: 'Добавить «Упрямая» в избранное' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('archives from the menu after a confirmation; the line leaves the drafts and the counters reload', async () => {
    const { fake, user, loads } = setup({ projects: [project(1, { title: 'Лишняя' }), project(2)] }, '/projects?status=draft');
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Действия с проектом «Лишняя»' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Редактировать' }).getAttribute('href')).toBe('/wizard-board?projectId=1');
    await user.click(within(menu).getByRole('menuitem', { name: 'В архив' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Отправить проект «Лишняя» в архив?' });
    await user.click(within(dialog).getByRole('button', { name: 'Нет' }));
    expect(fake.calls.setStatus).toEqual([]);

    const before = loads.counters;
    await user.click(screen.getByRole('button', { name: 'Действия с проектом «Лишняя»' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'В архив' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(fake.calls.setStatus).toEqual([{ id: 1, status: 'archive' }]));
    await waitFor(() => expect(items().map((item) => item.dataset.projectId)).toEqual(['2']));
    expect(toastTexts()).toContain('Проект «Лишняя» отправлен в архив');
    // At least once: these fixed counters keep saying 2 drafts, so the list's new count (1) asks for them again too.
    await waitFor(() => expect(loads.counters).toBeGreaterThan(before));
  });

  it('offers a buyer the cart for a ready project but nothing that changes it', async () => {
    const { fake, user } = setup({ projects: [project(1, { status: 'actual', title: 'К заказу', clientId: 9 })], roles: { 9: 5 } });
    await waitFor(() => expect(items()).toHaveLength(1));
    // Roles arrive with their own request; the menu follows them.
    await act(() => Promise.resolve());
    await user.click(screen.getByRole('button', { name: 'Действия с проектом «К заказу»' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Открыть', 'Добавить в корзину']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Добавить в корзину' }));
    await waitFor(() => expect(fake.calls.addToCart).toEqual([1]));
    expect(toastTexts()).toContain('«К заказу» в корзине. Проектов в корзине: 3');
  });

  it('offers an engineer\'s review where the cart refuses a line\'s board for DFM errors', async () => {
    const why = 'Плату нельзя заказать в таком виде: ширина проводника 0.08 мм при допустимом 0.1 мм.';
    const { fake, user } = setup({ projects: [project(1, { status: 'actual', title: 'Тонкая', clientId: 9 })], roles: { 9: 5 }, dfmRefusal: why });
    await waitFor(() => expect(items()).toHaveLength(1));
    await act(() => Promise.resolve());
    await user.click(screen.getByRole('button', { name: 'Действия с проектом «Тонкая»' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Добавить в корзину' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: '«Тонкая» нельзя заказать в таком виде' }));
    expect(dialog.getByText(why)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Заказать с проверкой инженером' }));
    await waitFor(() => expect(fake.calls.dfmReview).toEqual([false, true]));
    expect(toastTexts()).toContain('«Тонкая» в корзине, с проверкой инженером. Проектов в корзине: 3');
  });

  it('never calls a project ready to order when its order meets an engineer\'s review or an option its files need', async () => {
    setup({
      projects: [
        project(1, { title: 'На проверку', status: 'actual', dfmVerdict: 'review' }),
        project(2, { title: 'Нужен класс', status: 'draft', dfmVerdict: 'option' }),
        project(3, { title: 'Чистая', status: 'actual', dfmVerdict: null }),
      ],
    });
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(itemOf(1).getByText('Нужна проверка инженером')).toBeTruthy();
    expect(itemOf(1).queryByText('Доступен для заказа')).toBeNull();
    // A draft keeps its status, with what its order would meet beside it.
    expect(itemOf(2).getByText('Черновик')).toBeTruthy();
    expect(itemOf(2).getByText('Нужна опция')).toBeTruthy();
    expect(itemOf(3).getByText('Доступен для заказа')).toBeTruthy();
    expect(itemOf(3).queryByText(/Нужна/)).toBeNull();
  });

  it('opens the copy made by Дублировать', async () => {
    const { fake, user, location } = setup({ projects: [project(4, { title: 'Образец' })] });
    await waitFor(() => expect(items()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Действия с проектом «Образец»' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Дублировать' }));
    await waitFor(() => expect(fake.calls.duplicate).toEqual([4]));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/project/500'));
    expect(toastTexts()).toContain('Создана копия: «Образец (копия)»');
  });

  it('puts one placeholder per page and fills a page when it scrolls into view', async () => {
    const view = controlIntersections();
    undo.push(() => view.restore());
    const { fake } = setup({ projects: Array.from({ length: 45 }, (_, index) => project(index + 1)) });
    await waitFor(() => expect(items()).toHaveLength(20));
    const placeholders = [...document.querySelectorAll('.projects-list__placeholder')];
    expect(placeholders.map((element) => element.getAttribute('data-page'))).toEqual(['2', '3']);
    expect(fake.calls.list.map((call) => call.page)).toEqual([1]);
    act(() => view.show(placeholders[0] as Element));
    await waitFor(() => expect(items()).toHaveLength(40), { timeout: 2000 });
    expect(fake.calls.list.map((call) => call.page)).toEqual([1, 2]);
  });
});
