// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { analysis, fakeProjects, project, projectsSession, renderProjectPage } from './projects-harness';

// Pictures are fetched with the token by the board helper's hook; here a picture is simply there.
vi.mock('../../src/services/board-images', () => import('./board-images-stub'));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
  clearToasts();
});

function setup(options: Parameters<typeof fakeProjects>[0], path = '/project/1') {
  const fake = fakeProjects(options);
  undo.push(fake.install());
  const { session, loads } = projectsSession();
  undo.push(() => session.stop());
  const view = renderProjectPage(path, session);
  return { fake, loads, ...view, user: userEvent.setup() };
}

const toastTexts = () => getToasts().map((toast) => toast.text);
const actions = () => within(screen.getByRole('group', { name: 'Действия с проектом' }));
const actionNames = () => {
  const group = screen.queryByRole('group', { name: 'Действия с проектом' });
  return group ? [...group.querySelectorAll('a, button')].map((element) => element.textContent) : [];
};
const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('project page', () => {
  it('reads Загрузка… until the project arrives, then shows its title, status, client, picture, price and panels', async () => {
    setup({ projects: [project(1, { title: 'Контроллер двигателя', clientName: 'Электронные системы' })] });
    expect(screen.getByRole('heading', { level: 1, name: 'Загрузка…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Контроллер двигателя' })).toBeTruthy();
    expect(screen.getByText('Черновик')).toBeTruthy();
    expect(screen.getByText('Клиент: Электронные системы')).toBeTruthy();
    expect(document.querySelector('.board-preview img')?.getAttribute('src')).toBe(`blob:${analysis().images.top}`);
    expect(screen.getByTestId('price-total').textContent).toBe('12\u00a0345,50\u00a0₽');

    // Parameters in words with units.
    const params = within(screen.getByRole('region', { name: 'Параметры' }));
    expect(params.getByText('100 × 80 мм')).toBeTruthy();
    expect(params.getByText('HASL бессвинцовый')).toBeTruthy();
    expect(params.getByText('1,6 мм')).toBeTruthy();
    expect(params.getByText('35 мкм (1 oz)')).toBeTruthy();
    expect(params.getByText('2 слоя')).toBeTruthy();

    // Info with the versions, the current one marked, named after the board its files name.
    const info = within(screen.getByRole('region', { name: 'Информация' }));
    expect(info.getByText('PowerBoard')).toBeTruthy();
    expect(info.getByText('Файлов: 3')).toBeTruthy();
    expect(info.getByText('текущая')).toBeTruthy();

    // The file check's notes.
    const errors = within(screen.getByRole('region', { name: 'Замечания к файлам' }));
    expect(errors.getByText(/^Нет контура платы/)).toBeTruthy();
    expect(errors.getByText('Файл: notes.txt')).toBeTruthy();
  });

  it('switches the panels of the board state with pressed toggle buttons, including the tilted 3D view', async () => {
    const { user } = setup({ projects: [project(1)] });
    await screen.findByRole('heading', { level: 1, name: 'Плата 1' });
    expect(toggle('Параметры').getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle('Параметры'));
    expect(toggle('Параметры').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Параметры' })).toBeNull();

    await user.click(toggle('Информация'));
    expect(screen.queryByRole('region', { name: 'Информация' })).toBeNull();
    await user.click(toggle('Ошибки'));
    expect(screen.queryByRole('region', { name: 'Замечания к файлам' })).toBeNull();

    expect(screen.queryByRole('region', { name: 'Слои' })).toBeNull();
    await user.click(toggle('Слои'));
    const layers = within(screen.getByRole('region', { name: 'Слои' }));
    expect(layers.getByRole('rowheader', { name: 'notes.txt' })).toBeTruthy();
    expect(layers.getByText('Тип слоя не определён')).toBeTruthy();

    await user.click(toggle('3D'));
    expect(toggle('3D').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'Верх' }).getAttribute('src')).toBe(`blob:${analysis().images.top}`);
    expect(screen.getByRole('img', { name: 'Низ' }).getAttribute('src')).toBe(`blob:${analysis().images.bottom}`);
    expect(screen.getByText(/не объёмная модель платы/)).toBeTruthy();
    expect(document.querySelector('.board-preview')).toBeNull();
  });

  it('shows the product cover for a project entered by hand, with the file panels unavailable', async () => {
    setup({ projects: [project(1, { analysis: null, previewUrl: null, productType: 'panel', params: defaultParams('panel') })] });
    await screen.findByRole('heading', { level: 1, name: 'Плата 1' });
    expect(screen.getByRole('img', { name: 'Панель' })).toBeTruthy();
    expect(screen.getByText('Параметры введены вручную, файлов платы у проекта нет.')).toBeTruthy();
    for (const name of ['Слои', '3D', 'Ошибки']) expect((toggle(name) as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Параметры' })).getByText('2 × 2')).toBeTruthy();
  });

  it('says whether the board has an edge connector, and a project saved before the option has none', async () => {
    const withFingers = defaultParams('pcb');
    withFingers.board.edgeConnector = true;
    const { edgeConnector: _absent, ...savedBefore } = defaultParams('pcb').board;
    setup({ projects: [project(1, { params: withFingers })] });
    const row = async () => {
      const params = within(await screen.findByRole('region', { name: 'Параметры' }));
      return params.getByText('Торцевой разъём (ламели)').nextElementSibling?.textContent;
    };
    expect(await row()).toBe('Да');
    cleanup();
    setup({ projects: [project(2, { params: { ...defaultParams('pcb'), board: savedBefore } })] }, '/project/2');
    expect(await row()).toBe('Нет');
  });

  it('offers each role only what it may do in each status', async () => {
    setup({ projects: [project(1, { status: 'draft' })], roles: { 1: 1 } });
    await waitFor(() => expect(actionNames()).toEqual(['Редактировать', 'Сохранить как готовый к заказу', 'Дублировать', 'В архив']));
    expect(actions().getByRole('link', { name: 'Редактировать' }).getAttribute('href')).toBe('/wizard-board?projectId=1');
    cleanup();

    setup({ projects: [project(1, { status: 'actual' })], roles: { 1: 2 } });
    await waitFor(() => expect(actionNames()).toEqual(['Редактировать', 'Добавить в корзину', 'Дублировать', 'В архив']));
    cleanup();

    // An engineer prepares boards but does not order; a buyer orders but changes nothing.
    setup({ projects: [project(1, { status: 'actual' })], roles: { 1: 4 } });
    await waitFor(() => expect(actionNames()).toEqual(['Редактировать', 'Дублировать', 'В архив']));
    cleanup();

    setup({ projects: [project(1, { status: 'actual', isEditable: false })], roles: { 1: 5 } });
    await waitFor(() => expect(actionNames()).toEqual(['Добавить в корзину']));
    expect(screen.getByRole('button', { name: 'Добавить «Плата 1» в избранное' })).toBeTruthy();
    cleanup();

    setup({ projects: [project(1, { status: 'archive', isEditable: false })], roles: { 1: 1 } });
    await waitFor(() => expect(actionNames()).toEqual(['Дублировать', 'Вернуть из архива']));
    cleanup();

    // Ready to order means orderable at the stored price: a draft without one cannot be.
    setup({ projects: [project(1, { status: 'draft', price: null, quote: null })], roles: { 1: 3 } });
    await waitFor(() => expect(actionNames()).toEqual(['Редактировать', 'Дублировать', 'В архив']));
    cleanup();

    setup({ projects: [project(1, { status: 'draft', isEditable: false })], roles: { 1: 5 } });
    await screen.findByRole('heading', { level: 1, name: 'Плата 1' });
    expect(screen.queryByRole('group', { name: 'Действия с проектом' })).toBeNull();
  });

  it('archives only after the confirmation, then offers to bring it back; the counters reload', async () => {
    const { fake, user, loads } = setup({ projects: [project(1, { title: 'Старая плата', status: 'actual' })] });
    await waitFor(() => expect(actionNames()).toContain('В архив'));
    await user.click(actions().getByRole('button', { name: 'В архив' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Отправить проект «Старая плата» в архив?' });
    await user.click(within(dialog).getByRole('button', { name: 'Нет' }));
    expect(fake.calls.setStatus).toEqual([]);

    const before = loads.counters;
    await user.click(actions().getByRole('button', { name: 'В архив' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(fake.calls.setStatus).toEqual([{ id: 1, status: 'archive' }]));
    expect(await screen.findByText('В архиве')).toBeTruthy();
    expect(toastTexts()).toContain('Проект «Старая плата» отправлен в архив');
    await waitFor(() => expect(actionNames()).toEqual(['Дублировать', 'Вернуть из архива']));
    await waitFor(() => expect(loads.counters).toBe(before + 1));

    await user.click(actions().getByRole('button', { name: 'Вернуть из архива' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Вернуть проект «Старая плата» из архива в черновики?' })).getByRole('button', {
        name: 'Вернуть из архива',
      }),
    );
    await waitFor(() => expect(fake.calls.setStatus.at(-1)).toEqual({ id: 1, status: 'draft' }));
    expect(await screen.findByText('Черновик')).toBeTruthy();
  });

  it('saves a draft as ready to order, then puts it in the cart with the cart count in the toast', async () => {
    const { fake, user } = setup({ projects: [project(1, { title: 'Новая', status: 'draft' })] });
    await waitFor(() => expect(actionNames()).toContain('Сохранить как готовый к заказу'));
    await user.click(actions().getByRole('button', { name: 'Сохранить как готовый к заказу' }));
    await waitFor(() => expect(fake.calls.setStatus).toEqual([{ id: 1, status: 'actual' }]));
    expect(await screen.findByText('Доступен для заказа')).toBeTruthy();
    expect(toastTexts()).toContain('Проект «Новая» доступен для заказа');

    await user.click(actions().getByRole('button', { name: 'Добавить в корзину' }));
    await waitFor(() => expect(fake.calls.addToCart).toEqual([1]));
    expect(toastTexts()).toContain('«Новая» в корзине. Проектов в корзине: 3');
  });

  it('says why a board with DFM errors is refused at the cart and orders it for an engineer\'s review from there', async () => {
    const why = 'Плату нельзя заказать в таком виде: ширина проводника 0.08 мм при допустимом 0.1 мм.';
    const { fake, user } = setup({ projects: [project(1, { title: 'Тонкая', status: 'actual' })], dfmRefusal: why });
    await waitFor(() => expect(actionNames()).toContain('Добавить в корзину'));
    await user.click(actions().getByRole('button', { name: 'Добавить в корзину' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: '«Тонкая» нельзя заказать в таком виде' }));
    expect(dialog.getByText(why)).toBeTruthy();
    expect(toastTexts()).not.toContain(why);
    // Keyboard: the dialog opens on its safe choice, and Tab reaches the review button.
    expect(document.activeElement?.textContent).toBe('Отмена');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Заказать с проверкой инженером');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.calls.dfmReview).toEqual([false, true]));
    expect(toastTexts()).toContain('«Тонкая» в корзине, с проверкой инженером. Проектов в корзине: 3');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('opens the copy after Дублировать and keeps the star in step with the gateway', async () => {
    const { fake, user, location } = setup({ projects: [project(1, { title: 'Образец' })] });
    await waitFor(() => expect(actionNames()).toContain('Дублировать'));
    await user.click(screen.getByRole('button', { name: 'Добавить «Образец» в избранное' }));
    expect(screen.getByRole('button', { name: 'Убрать «Образец» из избранного' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fake.calls.setFavorite).toEqual([{ id: 1, isFavorite: true }]));

    await user.click(actions().getByRole('button', { name: 'Дублировать' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/project/500'));
    expect(toastTexts()).toContain('Создана копия: «Образец (копия)»');
  });

  it('says the project was not found for a 404, with the way back to the projects', async () => {
    setup({ projects: [project(1)] }, '/project/77');
    expect(await screen.findByRole('heading', { name: 'Проект не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К проектам' }).getAttribute('href')).toBe('/projects');
  });

  it('sends /project without an id to the wizard, replacing the entry', async () => {
    const { location } = setup({ projects: [] }, '/project');
    await waitFor(() => expect(location.history).toEqual(['/wizard-board']));
  });
});
