// @vitest-environment jsdom
import './dom-polyfills';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadState } from '../../src/contract/board-files';
import { QuotePictureKey } from '../../src/services/quote-picture-key';
import { useAnalysisDfm } from '../../src/views/components/board-findings/api/use-analysis-dfm';
import { createQueryClient } from '../../src/views/data/query-client';
import { analysis } from './projects-harness';

/** The findings panel's wait for DFM (issue 21), which comes after the analysis the wizard and the project hold. */
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
    const { result } = renderHook(() => useAnalysisDfm(stored), { wrapper: wrapperFor('visitor-key') });
    expect(result.current.dfmStatus).toBe('running');
    await waitFor(() => expect(result.current.dfmStatus).toBe('done'));
    expect(result.current.dfm).toEqual(DFM);
    expect(waitForDfm).toHaveBeenCalledWith(stored.uploadId, true, expect.any(AbortSignal));
  });

  it('asks nothing for an analysis whose DFM is over, and keeps one whose layers changed meanwhile as it is', async () => {
    const done = analysis({ dfm: DFM, dfmStatus: 'done' });
    expect(renderHook(() => useAnalysisDfm(done), { wrapper: wrapperFor(null) }).result.current).toBe(done);
    expect(waitForDfm).not.toHaveBeenCalled();
    const relayered = analysis({ dfm: DFM, dfmStatus: 'done' });
    waitForDfm.mockResolvedValue({ ...stateWith({}), analysis: { ...relayered, files: relayered.files.map((file) => ({ ...file, hidden: true })) } });
    const running = analysis({ dfmStatus: 'running' });
    const { result } = renderHook(() => useAnalysisDfm(running), { wrapper: wrapperFor(null) });
    await waitFor(() => expect(waitForDfm).toHaveBeenCalledWith(running.uploadId, false, expect.any(AbortSignal)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(running);
  });
});
