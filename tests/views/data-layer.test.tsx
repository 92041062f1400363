// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api';
import { createQueryClient } from '../../src/views/data/query-client';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderQuery(queryFn: () => Promise<string>, options: { refetchOnWindowFocus?: boolean } = {}) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useQuery({ queryKey: ['orders', 'order', 7], queryFn, ...options }), { wrapper });
}

describe('the views\' data layer', () => {
  it('asks once: a failure shows at once (callApi already retried a 401) and is logged naming what failed', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ask = vi.fn(() => Promise.reject(new ApiError(503, 'Сервис временно недоступен')));
    const { result } = renderQuery(ask);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('[orders] order 7 not loaded', expect.any(ApiError));
  });

  it('takes a 404 for an answer: the page says "not found", nothing is logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderQuery(() => Promise.reject(new ApiError(404, 'Заказ не найден')));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps what it shows while it asks again, and asks again on window focus only where a read says so', async () => {
    let answer = 'first';
    const ask = vi.fn(() => Promise.resolve(answer));
    const following = renderQuery(ask, { refetchOnWindowFocus: true });
    const quiet = renderQuery(vi.fn(() => Promise.resolve('quiet')));
    await waitFor(() => expect(following.result.current.data).toBe('first'));
    await waitFor(() => expect(quiet.result.current.data).toBe('quiet'));
    answer = 'second';
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(following.result.current.data).toBe('first');
    await waitFor(() => expect(following.result.current.data).toBe('second'));
    expect(ask).toHaveBeenCalledTimes(2);
    expect(quiet.result.current.isFetching).toBe(false);
  });
});
