// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from '../../src/views/components/ui/tooltip';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderTooltip() {
  render(
    <Tooltip content="Центр знаний">
      <button type="button">Знания</button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Знания' });
}

describe('Tooltip', () => {
  it('shows 700 ms after the pointer rests on its element, not before', () => {
    const button = renderTooltip();
    fireEvent.pointerMove(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('tooltip').textContent).toBe('Центр знаний');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('does not show when the pointer leaves before 700 ms', () => {
    const button = renderTooltip();
    fireEvent.pointerMove(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus and hides on Escape', () => {
    const button = renderTooltip();
    act(() => {
      button.focus();
    });
    expect(screen.getByRole('tooltip').textContent).toBe('Центр знаний');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
