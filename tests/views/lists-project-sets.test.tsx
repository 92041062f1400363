// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/contract/clients';
import { provideProjectSetsCalls } from '../../src/services/project-sets';
import { clearToasts } from '../../src/services/toasts';
import ProjectSetsPage from '../../src/views/pages/lists/project-sets-page';
import { client, fakeProjectSets, projectSet, renderListPage, setItem } from './lists-harness';
import { projectsSession } from './projects-harness';

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  clearToasts();
  document.cookie = 'sort-type-project-sets=; max-age=0; path=/';
  document.cookie = 'sort-order-project-sets=; max-age=0; path=/';
});

const SETS = [
  projectSet(1, 'folder', { name: 'Пульт', items: [setItem(11, { price: 1_500 }), setItem(12, { price: 2_500 })] }),
  projectSet(2, 'kit', { name: 'Метеостанция', items: [setItem(13)] }),
  projectSet(3, 'folder', { name: 'Разное', clientId: 2, clientName: 'ИП Кузнецов А. В.', items: [] }),
];

function setup(path: string, clients: Client[] = [client(1, { name: 'Электронные системы', role: 1 }), client(2, { name: 'ИП Кузнецов А. В.', role: 2 })]) {
  const fake = fakeProjectSets({ sets: SETS, clients });
  undo.push(provideProjectSetsCalls(fake.gateway));
  const { session } = projectsSession();
  undo.push(() => session.stop());
  const title = path.startsWith('/kits') ? 'Комплекты' : 'Папки проектов';
  const view = renderListPage(path, session, <ProjectSetsPage title={title} params={{}} />);
  return { fake, ...view, user: userEvent.setup() };
}

const listed = () => [...document.querySelectorAll<HTMLElement>('[data-set-id]')].map((item) => Number(item.dataset.setId));
const line = (id: number) => within(document.querySelector<HTMLElement>(`[data-set-id="${id}"]`) ?? document.body);

describe('folders and kits lists', () => {
  it('/folders lists the folders with their client, number of projects, total and last change', async () => {
    const { fake } = setup('/folders');
    expect(screen.getByRole('heading', { level: 1, name: 'Папки проектов' })).toBeTruthy();
    await waitFor(() => expect(listed()).toEqual([3, 1]));
    expect(fake.calls.count).toEqual([{ sort: { code: 'updatedAt', orderBy: 'desc' }, filters: ['folder'] }]);
    const first = line(1);
    expect(first.getByRole('link', { name: 'Пульт' }).getAttribute('href')).toBe('/folders/1');
    expect(first.getByText('Электронные системы')).toBeTruthy();
    expect(first.getByText('Проектов: 2')).toBeTruthy();
    expect(first.getByText(/^Изменён \d{2}\.02\.2026$/)).toBeTruthy();
    expect(document.querySelector('[data-set-id="1"] .list-line__amount')?.textContent).toBe('4\u00a0000,00\u00a0₽');
  });

  it('/kits is the same page listing kits, searched by name and sorted by name', async () => {
    const { fake, user } = setup('/kits');
    await waitFor(() => expect(listed()).toEqual([2]));
    expect(line(2).getByRole('link', { name: 'Метеостанция' }).getAttribute('href')).toBe('/kits/2');
    expect(screen.getByRole('button', { name: 'Создать комплект' })).toBeTruthy();
    await user.type(screen.getByLabelText('Поиск комплектов'), 'пульт');
    expect(await screen.findByRole('heading', { name: 'Ничего не найдено' })).toBeTruthy();
    expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'updatedAt', orderBy: 'desc' }, search: 'пульт', filters: ['kit'] });
    await user.selectOptions(screen.getByLabelText('Сортировка'), 'По названию: А–Я');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: { code: 'name', orderBy: 'asc' }, search: 'пульт', filters: ['kit'] }));
  });

  it('creates a folder in the client chosen among those whose role may, and opens it', async () => {
    const { fake, user, location } = setup('/folders', [
      client(1, { name: 'Электронные системы', role: 1 }), client(2, { name: 'ИП Кузнецов А. В.', role: 4 }), client(3, { name: 'Закупки', role: 5 }),
    ]);
    await waitFor(() => expect(listed()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Создать папку' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Новая папка' }));
    // The buyer (5) cannot make sets: that client is not offered.
    expect(
      within(dialog.getByLabelText('Клиент'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Электронные системы', 'ИП Кузнецов А. В.']);
    await user.click(dialog.getByRole('button', { name: 'Создать папку' }));
    expect(dialog.getByText('Обязательное поле')).toBeTruthy();
    expect(fake.calls.create).toEqual([]);

    await user.type(dialog.getByLabelText('Название'), ' Блок питания ');
    await user.selectOptions(dialog.getByLabelText('Клиент'), 'ИП Кузнецов А. В.');
    await user.click(dialog.getByRole('button', { name: 'Создать папку' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/folders/900'));
    expect(fake.calls.create).toEqual([{ clientId: 2, kind: 'folder', name: 'Блок питания' }]);
  });

  it('renames and deletes from a line’s menu, after asking', async () => {
    const { fake, user } = setup('/folders');
    await waitFor(() => expect(listed()).toEqual([3, 1]));
    await user.click(line(1).getByRole('button', { name: 'Действия: Пульт' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Переименовать' }));
    const rename = within(screen.getByRole('dialog', { name: 'Переименовать папку' }));
    const name = rename.getByLabelText('Название');
    expect((name as HTMLInputElement).value).toBe('Пульт');
    await user.clear(name);
    await user.type(name, 'Пульт v2{Enter}');
    await waitFor(() => expect(line(1).getByRole('link', { name: 'Пульт v2' })).toBeTruthy());
    expect(fake.calls.rename).toEqual([{ id: 1, name: 'Пульт v2' }]);

    await user.click(line(3).getByRole('button', { name: 'Действия: Разное' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Удалить' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Удалить папку «Разное»? Проекты останутся.' }));
    await user.click(confirm.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(listed()).toEqual([1]));
    expect(fake.calls.remove).toEqual([3]);
  });

  it('offers a buyer neither creating nor changing sets', async () => {
    const { user } = setup('/folders', [client(1, { name: 'Электронные системы', role: 5 }), client(2, { name: 'ИП Кузнецов А. В.', role: 5 })]);
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Создать папку' })).toBeNull();
    await user.click(line(1).getByRole('button', { name: 'Действия: Пульт' }));
    expect(await screen.findByRole('menuitem', { name: 'Открыть' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Переименовать' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Удалить' })).toBeNull();
  });

  it('says there are no kits yet', async () => {
    const fake = fakeProjectSets({ sets: [] });
    undo.push(provideProjectSetsCalls(fake.gateway));
    const { session } = projectsSession();
    undo.push(() => session.stop());
    renderListPage('/kits', session, <ProjectSetsPage title="Комплекты" params={{}} />);
    expect(await screen.findByRole('heading', { name: 'Комплектов пока нет' })).toBeTruthy();
  });
});
