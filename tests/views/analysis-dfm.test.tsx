// @vitest-environment jsdom
import './dom-polyfills';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import type { UploadState } from '../../src/contract/board-files';
import { provideDfmCalls } from '../../src/services/dfm';
import { QuotePictureKey } from '../../src/services/quote-picture-key';
import { useAnalysisDfm } from '../../src/views/components/board-findings/api/use-analysis-dfm';
import { BoardFindingsFor } from '../../src/views/components/board-findings/board-findings-for';
import { createQueryClient } from '../../src/views/data/query-client';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { analysis } from './projects-harness';

/** The findings panel's wait for DFM, which comes after the analysis the wizard and the project hold. */
const waitForDfm = vi.fn<(uploadId: string, asQuote: boolean, signal: AbortSignal) => Promise<UploadState>>();
vi.mock('../../src/services/board-dfm', () => ({ waitForDfm: (...args: [string, boolean, AbortSignal]) => waitForDfm(...args) }));

afterEach(() => {
  cleanup();
  waitForDfm.mockReset();
});

const DFM = { places: [], moreByRule: [], pictureBoxMm: [0, 0, 10, 10] as [number, number, number, number] };
const stateWith = (fields: Parameters<typeof analysis>[0]): UploadState =>
  ({ uploadId: analysis().uploadId, clientId: 1, status: 'done', step: 'check', error: null, message: null, analysis: analysis(fields) });

function wrapperFor(quoteKey: string | null) {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <QuotePictureKey.Provider value={quoteKey}>{children}</QuotePictureKey.Provider>
    </QueryClientProvider>
  );
}

describe('the analysis with its DFM', () => {
  it('waits for a running DFM and hands back the analysis with its places; a quote\'s is asked as a quote', async () => {
    waitForDfm.mockResolvedValue(stateWith({ dfm: DFM, dfmStatus: 'done' }));
    const stored = analysis({ dfmStatus: 'running' });
    const { result } = renderHook(() => useAnalysisDfm(stored).analysis, { wrapper: wrapperFor('visitor-key') });
    expect(result.current.dfmStatus).toBe('running');
    await waitFor(() => expect(result.current.dfmStatus).toBe('done'));
    expect(result.current.dfm).toEqual(DFM);
    expect(waitForDfm).toHaveBeenCalledWith(stored.uploadId, true, expect.any(AbortSignal));
  });

  it('asks nothing for an analysis whose DFM is over, and keeps one whose layers changed meanwhile as it is', async () => {
    const done = analysis({ dfm: DFM, dfmStatus: 'done' });
    expect(renderHook(() => useAnalysisDfm(done).analysis, { wrapper: wrapperFor(null) }).result.current).toBe(done);
    expect(waitForDfm).not.toHaveBeenCalled();
    const relayered = analysis({ dfm: DFM, dfmStatus: 'done' });
    waitForDfm.mockResolvedValue({ ...stateWith({}), analysis: { ...relayered, files: relayered.files.map((file) => ({ ...file, hidden: true })) } });
    const running = analysis({ dfmStatus: 'running' });
    const { result } = renderHook(() => useAnalysisDfm(running).analysis, { wrapper: wrapperFor(null) });
    await waitFor(() => expect(waitForDfm).toHaveBeenCalledWith(running.uploadId, false, expect.any(AbortSignal)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(running);
  });
});

describe('the findings panel when the wait for DFM fails', () => {
  it('says the result did not arrive rather than "running" for ever, and waits again on "Повторить"', async () => {
    const restore = provideDfmCalls({ capabilities: () => Promise.resolve(DEFAULT_CAPABILITIES), quote: () => Promise.reject(new Error('not asked')) });
    waitForDfm.mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce(stateWith({ dfm: { ...DFM, pictureBoxMm: null }, dfmStatus: 'done' }));
    render(<BoardFindingsFor analysis={analysis({ dfmStatus: 'running' })} params={defaultParams('pcb')} />, { wrapper: wrapperFor(null) });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Не удалось дождаться результата проверки технологичности/);
    expect(screen.queryByText(/^Идёт проверка технологичности/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(/^Замечаний технологичности нет/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(waitForDfm).toHaveBeenCalledTimes(2);
    restore();
  });
});
