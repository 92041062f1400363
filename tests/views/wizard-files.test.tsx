// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/services/api';
import { getHeaderState } from '../../src/services/header-info';
import { boardFile } from './harness-parts';
import { UNO_FILES, UPLOAD_ID, analysisOf, fakeWizardGateway, renderWizard, uploadState } from './wizard-harness';

let restore: (() => void) | null = null;
beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a name for <img src>.
  let count = 0;
  URL.createObjectURL = () => `blob:picture-${(count += 1)}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  cleanup();
  restore?.();
  restore = null;
  localStorage.clear();
});

function open(options: Parameters<typeof renderWizard>[0] = {}) {
  const view = renderWizard(options);
  restore = view.restore;
  return view;
}

const gerber = (name: string) => new File([`G04 ${name}*\nM02*\n`], name, { type: 'application/octet-stream' });

async function toFilesStep(view: ReturnType<typeof open>) {
  await view.user.click(await screen.findByRole('button', { name: /Загрузить файлы/ }));
  await screen.findByRole('heading', { name: 'Файлы платы' });
}

/** Files uploaded and processed: the layer table is on show. */
async function toLayersStep(view: ReturnType<typeof open>) {
  await toFilesStep(view);
  await view.user.upload(screen.getByLabelText(/Перетащите файлы сюда/), gerber('uno.zip'));
  view.fake.upload((callbacks) => callbacks.uploaded(uploadState('done')));
  await screen.findByRole('heading', { name: 'Слои' });
}

describe('board wizard: files', () => {
  it('starts at the way step and shows it in the related-info bar as step 1 of 7', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Как создать проект?' })).toBeTruthy();
    // The bar is set by an effect that may land after the heading under load.
    await waitFor(() =>
      expect(getHeaderState().info).toMatchObject({ isVisible: true, name: 'Новый проект', stepNumber: 1, stepsTotal: 7, typeIco: 'wizard' }),
    );
    const menu = screen.getByRole('navigation', { name: 'Шаги создания проекта' });
    // Later steps are locked while the flow is in progress.
    expect((within(menu).getByRole('button', { name: /Слои/ }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    expect(getHeaderState().info).toBeNull();
  });

  it('uploads picked files with progress, follows the processing and lands on the layers with the picture', async () => {
    const view = open();
    await toFilesStep(view);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Файлы платы' }));
    const input = screen.getByLabelText(/Перетащите файлы сюда/);
    await view.user.upload(input, [gerber('uno.GTL'), gerber('uno.GBL')]);

    const run = view.fake.uploads[0];
    expect(run?.input.clientId).toBe(10);
    expect(run?.input.name).toBe('uno.zip');
    expect(run?.input.items).toHaveLength(2);

    view.fake.upload((callbacks) => callbacks.progress(40));
    const bar = screen.getByRole('progressbar', { name: 'Загрузка: 40 %' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    view.fake.upload((callbacks) => callbacks.uploaded(uploadState('processing')));
    expect(view.fake.watches[0]?.input).toBe(UPLOAD_ID);
    view.fake.processing((callbacks) => callbacks.step('render', 60));
    expect(screen.getByRole('status').textContent).toBe('Обработка: Построение изображений, 60 %');
    const current = screen.getByText('Построение изображений').closest('li');
    expect(current?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('Определение слоёв').closest('li')?.className).toContain('--done');

    view.fake.processing((callbacks) => callbacks.processed(uploadState('done')));
    expect(await screen.findByRole('heading', { name: 'Слои' })).toBeTruthy();
    expect(view.fake.watches[0]?.stopped).toBe(true);
    const table = screen.getByRole('table', { name: 'Файлы платы в порядке стека' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByText('Тип слоя не определён')).toBeTruthy();
    expect(screen.getByText('Некоторые файлы не распознаны: укажите их тип вручную или отключите их.')).toBeTruthy();
    // The title is the board's name its files tell, not the archive's; the picture is fetched with the session's token.
    expect(getHeaderState().info).toMatchObject({ name: 'Arduino Uno', stepNumber: 3 });
    const picture = await screen.findByRole('img', { name: 'Плата сверху: uno.zip' });
    expect(picture.getAttribute('src')).toMatch(/^blob:/);
    expect(view.images).toEqual([`/files/boards/${UPLOAD_ID}/top.svg`]);

    await view.user.click(screen.getByRole('button', { name: 'Снизу' }));
    expect(await screen.findByRole('img', { name: 'Плата снизу: uno.zip' })).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: /Медь, верх/ }));
    expect(await screen.findByRole('img', { name: 'Слой «Медь, верх»: uno.GTL' })).toBeTruthy();
  });

  it('says which layers were guessed from what the files draw, so the user checks them', async () => {
    const view = open();
    await toFilesStep(view);
    await view.user.upload(screen.getByLabelText(/Перетащите файлы сюда/), [gerber('top.gbr'), gerber('film3.art')]);
    const guessed = [
      ...UNO_FILES.slice(0, 4),
      boardFile('f6', 'film3.art', { type: 'silkscreen', side: 'top', identifiedBy: 'content', needsCheck: true, order: 4 }),
    ];
    view.fake.upload((callbacks) => callbacks.uploaded(uploadState('processing')));
    view.fake.processing((callbacks) => callbacks.processed(uploadState('done', { analysis: analysisOf(guessed) })));
    const table = await screen.findByRole('table', { name: 'Файлы платы в порядке стека' });
    const rowOf = (name: string) => within(table).getAllByRole('row').find((row) => row.querySelector('th')?.textContent?.includes(name));
    expect(within(rowOf('film3.art') ?? table).getByText('по содержимому — проверьте')).toBeTruthy();
    expect(within(rowOf('uno.GTL') ?? table).getByText('по имени файла')).toBeTruthy();
    // The user's own choice needs no checking.
    fireEvent.change(screen.getByLabelText('Тип слоя файла film3.art'), { target: { value: 'silkscreen:bottom' } });
    expect(within(rowOf('film3.art') ?? table).getByText('вручную')).toBeTruthy();
    expect(within(table).queryByText('по содержимому — проверьте')).toBeNull();
  });

  it('names the file, what was out of range and by how much when the gateway refused a file for its geometry', async () => {
    const view = open();
    await toFilesStep(view);
    await view.user.upload(screen.getByLabelText(/Перетащите файлы сюда/), gerber('board.gtl'));
    const refused = boardFile('f6', 'board.gtl', {
      type: 'copper', side: 'top', order: 4, error: 'geometryOutOfRange', outOfRange: { kind: 'arcRadiusMm', value: 1414212.15, limit: 2000 },
    });
    const analysis = {
      ...analysisOf([...UNO_FILES.slice(1, 4), refused]),
      alerts: [{ code: 'fileOutOfRange' as const, level: 'error' as const, fileId: 'f6' }],
    };
    view.fake.upload((callbacks) => callbacks.uploaded(uploadState('processing')));
    view.fake.processing((callbacks) => callbacks.processed(uploadState('done', { analysis })));
    const table = await screen.findByRole('table', { name: 'Файлы платы в порядке стека' });
    // Numbers read the Russian way, grouped by a no-break space.
    expect(within(table).getByText(/^Файл «board\.gtl»: дуга радиусом 1\s414\s212,15 мм — больше 2\s000 мм, такую плату изготовить нельзя$/)).toBeTruthy();
    expect(screen.getByText('Файл отклонён: в нём размеры, каких у плат не бывает. Он не участвует в изображении и расчётах.')).toBeTruthy();
  });

  it('shows the gateway\'s refusal in place and offers other files', async () => {
    const view = open();
    await toFilesStep(view);
    await view.user.upload(screen.getByLabelText(/Перетащите файлы сюда/), gerber('logo.gbr'));
    view.fake.upload((callbacks) => callbacks.failed('Файл logo.gbr — не Gerber: это изображение PNG.'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Файлы не приняты');
    expect(alert.textContent).toContain('Файл logo.gbr — не Gerber: это изображение PNG.');
    expect(within(alert).getByRole('button', { name: 'Выбрать другие файлы' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Далее' }) as HTMLButtonElement).disabled).toBe(true);

    await view.user.upload(screen.getByLabelText(/Перетащите файлы сюда/), gerber('board.zip'));
    expect(view.fake.uploads).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes files dropped on the zone', async () => {
    const view = open();
    await toFilesStep(view);
    const zone = screen.getByText('Перетащите файлы сюда или нажмите, чтобы выбрать').closest('label');
    if (!zone) throw new Error('no drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [gerber('clock.GTL'), gerber('clock.GBL'), gerber('clock.DRL')] } });
    expect(view.fake.uploads[0]?.input.name).toBe('clock.zip');
    expect(view.fake.uploads[0]?.input.items).toHaveLength(3);
    expect(await screen.findByRole('progressbar', { name: 'Загрузка: 0 %' })).toBeTruthy();
  });

  it('sends layer corrections to the gateway and goes on only when they are applied', async () => {
    const view = open();
    await toLayersStep(view);
    const next = screen.getByRole('button', { name: 'Далее' }) as HTMLButtonElement;
    const apply = screen.getByRole('button', { name: 'Применить изменения' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    expect(apply.disabled).toBe(true);

    await view.user.selectOptions(screen.getByLabelText('Тип слоя файла readme.txt'), 'drawing:');
    await view.user.click(screen.getByRole('checkbox', { name: /readme\.txt/ }));
    await view.user.click(screen.getByRole('button', { name: 'Выше: uno.GBL' }));
    expect(next.disabled).toBe(true);
    expect(screen.getByText('Примените изменения слоёв, чтобы перейти дальше.')).toBeTruthy();

    await view.user.click(apply);
    await waitFor(() => expect(view.fake.calls.applyLayers).toHaveLength(1));
    expect(view.fake.calls.applyLayers[0]).toEqual({
      uploadId: UPLOAD_ID,
      files: [
        { id: 'f2', type: 'copper', side: 'bottom', hidden: false, order: 0 },
        { id: 'f1', type: 'copper', side: 'top', hidden: false, order: 1 },
        { id: 'f3', type: 'outline', side: 'all', hidden: false, order: 2 },
        { id: 'f4', type: 'drill', side: 'all', hidden: false, order: 3 },
        { id: 'f5', type: 'drawing', side: null, hidden: true, order: 4 },
      ],
    });
    await waitFor(() => expect(next.disabled).toBe(false));
    await view.user.click(next);
    expect(await screen.findByRole('heading', { name: 'Стек слоёв' })).toBeTruthy();
    expect(screen.getByText('Стек симметричный: плата не покоробится при прессовании и пайке')).toBeTruthy();
    expect(screen.getByText('Медь L1 (верх)')).toBeTruthy();
    expect(screen.getByText('uno.GTL')).toBeTruthy();
  });

  it('says when the applied corrections send the board for an engineer\'s review, and why frozen files keep their layers', async () => {
    const fake = fakeWizardGateway();
    const plain = fake.gateway.applyLayers;
    let frozen = false;
    fake.gateway.applyLayers = async (input) => {
      if (frozen) throw new ApiError(409, 'Эти файлы уже в корзине или в заказе, и их слои не меняются', 'uploadId', 'uploadFrozen');
      const state = await plain(input);
      return { ...state, analysis: state.analysis && { ...state.analysis, dfmReviewReason: 'layersCorrected' } };
    };
    const view = open({ gateway: fake });
    await toLayersStep(view);
    const note = /плата будет заказана с проверкой инженером/;
    expect(screen.queryByText(note)).toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Выше: uno.GBL' }));
    await view.user.click(screen.getByRole('button', { name: 'Применить изменения' }));
    expect(await screen.findByText(note)).toBeTruthy();

    frozen = true;
    await view.user.click(screen.getByRole('button', { name: 'Ниже: uno.GBL' }));
    await view.user.click(screen.getByRole('button', { name: 'Применить изменения' }));
    expect((await screen.findByRole('alert')).textContent).toContain('их слои не меняются');
  });

  it('changes the layer count in the stack-up\'s edit mode', async () => {
    const view = open();
    await toLayersStep(view);
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: 'Стек слоёв' });
    expect(screen.queryByLabelText('Число слоёв')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Изменить стек' }));
    await view.user.selectOptions(screen.getByLabelText('Число слоёв'), '4');
    expect(screen.getByText('Медь L3 (внутренний)')).toBeTruthy();
    expect(screen.getByText('В файлах слоёв меди: 2, выбрано: 4.')).toBeTruthy();
    // A 4-layer 1.6 mm board is drawn as the line's standard stack-up, not an even split.
    const rows = within(screen.getByRole('list', { name: /^Разрез платы/ })).getAllByRole('listitem')
      .map((row) => [...row.querySelectorAll('.wizard-stackup__name, .wizard-stackup__thickness')].map((part) => part.textContent).join(' '));
    expect(rows.filter((row) => !/Маска|Маркировка/.test(row))).toEqual([
      'Медь L1 (верх) 35 мкм', 'Препрег 7628 0,21 мм', 'Медь L2 (внутренний) 15,2 мкм', 'Ядро 1,065 мм',
      'Медь L3 (внутренний) 15,2 мкм', 'Препрег 7628 0,21 мм', 'Медь L4 (низ) 35 мкм',
    ]);
    expect(screen.getByText('L4-1.6-7628, FR-4, Tg 135')).toBeTruthy();
    expect(screen.getByText('Диэлектрик L1–L2').nextElementSibling?.textContent).toBe('0,21 мм');
    // A 6-layer build's 0.0994 mm prepreg is in millimetres like the 0.1088 mm one, not '99,4 мкм'.
    await view.user.selectOptions(screen.getByLabelText('Число слоёв'), '6');
    const dielectrics = within(screen.getByRole('list', { name: /^Разрез платы/ })).getAllByRole('listitem')
      .map((row) => row.textContent ?? '').filter((row) => /Препрег|Ядро/.test(row));
    expect(dielectrics.length).toBe(5);
    for (const row of dielectrics) expect(row).toMatch(/\d мм$/);
  });

  it('explains on the field that the files measure more when a smaller board or fewer layers are entered', async () => {
    const view = open();
    await toLayersStep(view);
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: 'Стек слоёв' });
    await view.user.click(screen.getByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { name: 'Параметры' });
    const width = screen.getByLabelText('Ширина платы', { selector: 'input' }) as HTMLInputElement;
    const next = screen.getByRole('button', { name: 'Далее' }) as HTMLButtonElement;
    expect(width.value).toBe('68,58');
    expect(next.disabled).toBe(false);

    await view.user.clear(width);
    await view.user.type(width, '10');
    // Kept as typed, not put back: the field says why it cannot be, with what the files measure.
    expect(width.value).toBe('10');
    expect(width.getAttribute('aria-invalid')).toBe('true');
    const said = 'По файлам плата 68,58 × 53,34 мм: меньше указать нельзя, цена считается по файлам. Больше — можно';
    expect(screen.getAllByText(said).length).toBeGreaterThan(0);
    expect(screen.getByText('по файлам: 68,58 мм')).toBeTruthy();
    expect(next.disabled).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Стоимость' }).textContent).toContain(
        'Цена будет рассчитана, когда параметры можно будет изготовить',
      ),
    );
    expect(view.fake.calls.quote.some((params) => params.board.widthMm === 10)).toBe(false);

    await view.user.selectOptions(screen.getByLabelText('Число слоёв', { selector: 'select' }), '1');
    expect(screen.getAllByText('По файлам плате нужно слоёв меди: 2. Меньше указать нельзя, больше — можно').length).toBeGreaterThan(0);

    // More than the files is a customer's choice, priced higher.
    await view.user.selectOptions(screen.getByLabelText('Число слоёв', { selector: 'select' }), '4');
    await view.user.clear(width);
    await view.user.type(width, '80');
    expect(width.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(said)).toBeNull();
    expect(next.disabled).toBe(false);
  });
});
