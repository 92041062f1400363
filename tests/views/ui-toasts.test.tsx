// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts, showToast, TOAST_DURATION_MS } from '../../src/services/toasts';
import { Toaster } from '../../src/views/components/ui/toaster';

// The list is a lazy chunk; load it once with real timers so the fake-timer tests find it ready.
await import('../../src/views/components/ui/toast-list');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  clearToasts();
  cleanup();
  vi.useRealTimers();
});

async function renderWithToast(text: string, kind: 'success' | 'error' | 'info' = 'success') {
  render(<Toaster />);
  act(() => {
    showToast({ text, kind });
  });
  // Let the lazy list resolve.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  return screen.getByRole('status');
}

describe('Toaster', () => {
  it('shows a toast as a status in the named region and removes it after 5000 ms', async () => {
    const toast = await renderWithToast('Запрос доступа одобрен!');
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(toast.textContent).toContain('Запрос доступа одобрен!');
    expect(screen.getByRole('region', { name: 'Уведомления' }).contains(toast)).toBe(true);
    expect(toast.className).toContain('ui-toast--success');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(getToasts()).toHaveLength(0);
    // An empty container stays for screen readers, but is no named region.
    expect(screen.queryByRole('region')).toBeNull();
  });

  it("'Закрыть' closes it at once", async () => {
    await renderWithToast('Список обновлён', 'info');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stops its time while the pointer rests on it', async () => {
    const toast = await renderWithToast('Не удалось', 'error');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.pointerEnter(toast);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    fireEvent.pointerLeave(toast);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps its time stopped while either the pointer or the keyboard focus is on it', async () => {
    const toast = await renderWithToast('Фокус');
    fireEvent.pointerEnter(toast);
    fireEvent.focus(screen.getByRole('button', { name: 'Закрыть' }));
    fireEvent.pointerLeave(toast);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    fireEvent.blur(screen.getByRole('button', { name: 'Закрыть' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stacks several toasts, each with its own time', async () => {
    await renderWithToast('Первый');
    act(() => {
      vi.advanceTimersByTime(2000);
      showToast({ text: 'Второй' });
    });
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Первый'),
      expect.stringContaining('Второй'),
    ]);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([expect.stringContaining('Второй')]);
  });
});
