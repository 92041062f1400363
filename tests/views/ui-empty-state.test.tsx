// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../../src/views/components/empty-state';

afterEach(cleanup);

function inRouter(children: ReactNode) {
  const location = memoryLocation({ path: '/projects', record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>,
  );
  return location;
}

describe('EmptyState', () => {
  it("defaults to the title 'Список пуст' with a 24 px icon, no text and no button", () => {
    const { container } = render(<EmptyState />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Список пуст');
    const icon = container.querySelector('svg');
    expect(icon?.getAttribute('width')).toBe('24');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('p')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows its own title and text', () => {
    render(<EmptyState title="Проектов нет" text="Создайте первый" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Проектов нет');
    expect(screen.getByText('Создайте первый')).toBeTruthy();
  });

  it('a button with `to` navigates inside the portal', async () => {
    const user = userEvent.setup();
    const location = inRouter(<EmptyState action={{ label: 'Создать проект', to: '/wizard-board', icon: 'plus' }} />);
    const link = screen.getByRole('link', { name: 'Создать проект' });
    expect(link.getAttribute('href')).toBe('/wizard-board');
    expect(link.querySelector('svg')?.getAttribute('width')).toBe('24');
    await user.click(link);
    expect(location.history.at(-1)).toBe('/wizard-board');
  });

  it('a button with `onClick` runs its action', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    inRouter(<EmptyState action={{ label: 'Обновить', onClick }} />);
    await user.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
