// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import { getHeaderState } from '../../src/services/header-info';
import { clearToasts, getToasts } from '../../src/services/toasts';
import { testClient } from './ordering-data-harness';
import { fakeWizardGateway, projectOf, renderWizard } from './wizard-harness';

let restore: (() => void) | null = null;
afterEach(() => {
  cleanup();
  restore?.();
  restore = null;
  clearToasts();
  localStorage.clear();
});

function open(options: Parameters<typeof renderWizard>[0] = {}) {
  const view = renderWizard(options);
  restore = view.restore;
  return view;
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' });
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;
const price = () => screen.getByRole('region', { name: 'Стоимость' });

async function toParameters(view: ReturnType<typeof open>) {
  await view.user.click(await screen.findByRole('button', { name: /Ввести параметры вручную/ }));
  await screen.findByRole('heading', { name: 'Параметры' });
}

describe('board wizard: parameters by hand', () => {
  it('goes from the way straight to the parameters and numbers four steps, the skipped ones marked', async () => {
    const view = open();
    await toParameters(view);
    expect(getHeaderState().info).toMatchObject({ stepNumber: 2, stepsTotal: 4, stepTitle: 'Параметры' });
    const menu = screen.getByRole('navigation', { name: 'Шаги создания проекта' });
    expect(within(menu).getAllByText('пропущен')).toHaveLength(3);
    expect(within(menu).getByRole('button', { name: /Параметры/ }).getAttribute('aria-current')).toBe('step');
    // Completed steps can be gone back to.
    expect((within(menu).getByRole('button', { name: /Способ ввода/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('prices the parameters live and follows a change without blocking the field', async () => {
    const view = open();
    await toParameters(view);
    await waitFor(() => expect(within(price()).getByTestId('price-total').textContent).toBe('4\u00a0000,00\u00a0₽'));
    expect(within(price()).getByText('Подготовка производства')).toBeTruthy();
    expect(view.fake.calls.quote.at(-1)).toEqual(defaultParams());

    await view.user.selectOptions(field('Число слоёв'), '4');
    expect((field('Число слоёв') as HTMLSelectElement).disabled).toBe(false);
    await waitFor(() => expect(within(price()).getByTestId('price-total').textContent).toBe('5\u00a0000,00\u00a0₽'));
    expect(view.fake.calls.quote.at(-1)?.board.layers).toBe(4);
  });

  it('says on the field what cannot be made, and neither prices nor goes on until it is fixed', async () => {
    const view = open();
    await toParameters(view);
    await view.user.selectOptions(field('Материал'), 'aluminium');
    await view.user.selectOptions(field('Число слоёв'), '4');
    const layers = field('Число слоёв');
    expect(layers.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(layers)).toBe('Платы на алюминиевом основании бывают только 1- и 2-слойными: для большего числа слоёв выберите FR-4');
    expect(layers.closest('.field')?.className).toContain('field--invalid');
    expect((screen.getByRole('button', { name: 'Далее' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(within(price()).getByRole('status').textContent).toContain('когда параметры можно будет изготовить'));

    // The summary's link takes focus to the field.
    const summary = screen.getByRole('region', { name: 'Что нужно исправить' });
    await view.user.click(within(summary).getByRole('button', { name: 'Число слоёв' }));
    expect(document.activeElement).toBe(layers);

    await view.user.selectOptions(field('Материал'), 'fr4');
    expect(errorOf(layers)).toBeUndefined();
    expect((screen.getByRole('button', { name: 'Далее' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps a typed number on its field, written the language\'s way, within the factory\'s limits', async () => {
    const view = open();
    await toParameters(view);
    const width = field('Ширина платы') as HTMLInputElement;
    // A text field in the page's own format: a browser's number field would show the browser's ('0.15').
    expect(width.type).toBe('text');
    expect((field('Минимальный проводник / зазор') as HTMLInputElement).value).toBe('0,15');
    await view.user.clear(width);
    expect(errorOf(width)).toBe('Введите число');
    await view.user.type(width, '600');
    expect(errorOf(width)).toBe('Каждая сторона платы — от 5 до 500 мм');
    await view.user.clear(width);
    await view.user.type(width, '120,5');
    expect(errorOf(width)).toBeUndefined();
    expect(width.value).toBe('120,5');
  });

  it('writes a number typed with a point back with the Russian comma when the field is left, and changes no other field', async () => {
    const view = open();
    await toParameters(view);
    const track = field('Минимальный проводник / зазор') as HTMLInputElement;
    const hole = field('Минимальное отверстие') as HTMLInputElement;
    const holeBefore = hole.value;
    await view.user.clear(track);
    await view.user.type(track, '0.2');
    // While typing it stays as typed; the value is read the forgiving way at once.
    expect(track.value).toBe('0.2');
    await waitFor(() => expect(view.fake.calls.quote.at(-1)?.board.minTrackMm).toBe(0.2));
    await view.user.tab();
    expect(track.value).toBe('0,2');
    expect(hole.value).toBe(holeBefore);
    expect(view.fake.calls.quote.at(-1)?.board.minHoleMm).toBe(defaultParams().board.minHoleMm);
  });

  it('draws a panel with its size, and a stencil', async () => {
    const view = open();
    await toParameters(view);
    await view.user.click(screen.getByRole('tab', { name: 'Панель' }));
    const drawing = await screen.findByTestId('panel-drawing');
    expect(drawing.querySelectorAll('[data-part="board"]')).toHaveLength(4);
    expect(drawing.querySelectorAll('[data-part="fiducial"]')).toHaveLength(3);
    expect(drawing.querySelectorAll('[data-part="vcut"]').length).toBeGreaterThan(0);
    // 2 × 100 mm + 2 mm spacing across, 2 × 80 + 2 down plus two 5 mm rails on the long sides.
    expect(screen.getByText('Панель 202 × 172 мм')).toBeTruthy();
    await view.user.selectOptions(field('Разделение плат'), 'tab');
    expect(drawing.querySelectorAll('[data-part="vcut"]')).toHaveLength(0);
    expect(drawing.querySelectorAll('[data-part="slot"]')).toHaveLength(32);

    await view.user.click(screen.getByRole('tab', { name: 'Трафарет' }));
    expect(await screen.findByText(/^Трафарет \d+ × \d+ мм$/)).toBeTruthy();
    expect(field('Стороны')).toBeTruthy();
  });

  it('reaches a priced project and saves it as ready to order', async () => {
    const view = open();
    await toParameters(view);
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: 'Количество и срочность' });
    const quantity = field('Количество, шт.');
    await view.user.clear(quantity);
    await view.user.type(quantity, '25');
    await view.user.click(screen.getByRole('radio', { name: /Экспресс/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Экспресс/ }).closest('label')?.textContent).toContain('3 раб. дн.'));
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));

    await screen.findByRole('heading', { name: 'Итог' });
    const saveActual = screen.getByRole('button', { name: 'Сохранить как готовый к заказу' }) as HTMLButtonElement;
    expect(saveActual.disabled).toBe(true);
    await view.user.type(screen.getByLabelText('Название проекта'), 'Датчик v2');
    expect(getHeaderState().info?.name).toBe('Датчик v2');
    await waitFor(() => expect(screen.getByTestId('price-total').textContent).toBe('7\u00a0000,00\u00a0₽'));
    await view.user.click(saveActual);

    await screen.findByRole('heading', { name: 'Проект «Датчик v2» сохранён' });
    expect(view.fake.calls.save).toEqual([{
      projectId: null,
      body: { clientId: 10, title: 'Датчик v2', uploadId: null, status: 'actual', params: { ...defaultParams(), quantity: 25, urgency: 'express' } },
    }]);
    expect(screen.getByRole('link', { name: 'Открыть проект' }).getAttribute('href')).toBe('/project/77');
    expect(screen.getByRole('link', { name: 'Проекты, доступные для заказа' }).getAttribute('href')).toBe('/projects?status=actual');
    expect(getToasts().map((toast) => toast.text)).toEqual(['Проект «Датчик v2» сохранён и готов к заказу']);

    await view.user.click(screen.getByRole('button', { name: 'Создать ещё один проект' }));
    expect(await screen.findByRole('heading', { name: 'Как создать проект?' })).toBeTruthy();
  });

  it('reads a BOM into the assembly counts and shows what it found', async () => {
    const bom = {
      kind: 'bom' as const, rows: 42, columns: ['Designator', 'Quantity', 'Footprint'], skippedLines: [7],
      mounting: { components: 120, uniqueParts: 35, smd: 110, tht: 10, sides: 1 as const },
    };
    const view = open({ gateway: fakeWizardGateway({ bom }) });
    await toParameters(view);
    await view.user.click(screen.getByRole('tab', { name: 'Монтаж' }));
    await view.user.upload(screen.getByLabelText('Спецификация (BOM), CSV или XLSX'), new File(['Designator;Quantity'], 'bom.csv'));
    expect(await screen.findByText(/Строк: 42\. Компонентов: 120, уникальных: 35, SMD: 110, выводных: 10; одна сторона\./)).toBeTruthy();
    expect(screen.getByText('Пропущены строки: 7')).toBeTruthy();
    expect((field('Всего компонентов') as HTMLInputElement).value).toBe('120');
    expect((field('Уникальных позиций') as HTMLInputElement).value).toBe('35');
    await waitFor(() => expect(view.fake.calls.quote.at(-1)?.mounting).toEqual(bom.mounting));
  });

  it('offers no wizard to a buyer, and a choice of client to a member of several', async () => {
    open({ clients: [testClient(10, 'Альфа', 5), testClient(20, 'Бета', 4)], path: '/wizard-board?clientId=10' });
    expect(await screen.findByRole('heading', { name: 'Создание проектов недоступно' })).toBeTruthy();
    const picker = screen.getByLabelText('Клиент');
    expect(picker).toBeTruthy();
  });

  it('opens a project for a change at its parameters and saves it over the same project', async () => {
    const project = projectOf(5, { clientId: 20, title: 'Плата питания', status: 'draft', uploadId: null, params: { ...defaultParams(), quantity: 3 } });
    const gateway = fakeWizardGateway({ project });
    const view = open({ gateway, path: '/wizard-board?projectId=5' });
    expect(await screen.findByRole('heading', { name: 'Параметры' })).toBeTruthy();
    expect(gateway.calls.getProject).toEqual([5]);
    expect(getHeaderState().info?.name).toBe('Плата питания');
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await view.user.click(await screen.findByRole('button', { name: 'Далее' }));
    await view.user.click(await screen.findByRole('button', { name: 'Сохранить черновик' }));
    await waitFor(() => expect(gateway.calls.save).toHaveLength(1));
    expect(gateway.calls.save[0]).toMatchObject({ projectId: 5, body: { clientId: 20, title: 'Плата питания', status: 'draft' } });
  });
});
