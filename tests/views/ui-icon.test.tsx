// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Icon, iconNames } from '../../src/views/components/ui/icon';

afterEach(cleanup);

const CONTRACT = [
  'bell', 'cart', 'support', 'chat', 'knowledge', 'group', 'user', 'client', 'delivery', 'contact', 'payer', 'board',
  'quickOrder', 'check', 'close', 'plus', 'star', 'menu', 'chevronLeft', 'chevronRight', 'sun', 'moon', 'palette', 'phone',
  'external', 'info', 'success', 'failure', 'eye', 'eyeOff', 'logout', 'home', 'search',
];

describe('Icon', () => {
  it('has every icon the shared API promises', () => {
    expect([...iconNames].sort()).toEqual([...CONTRACT].sort());
  });

  it('draws each on the 24 px grid in currentColor, each different from the others', () => {
    const drawings = new Set<string>();
    for (const name of iconNames) {
      const { container } = render(<Icon name={name} />);
      const svg = container.querySelector('svg');
      expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
      expect(svg?.getAttribute('width')).toBe('24');
      expect(svg?.getAttribute('stroke')).toBe('currentColor');
      expect(svg?.querySelectorAll('path').length).toBeGreaterThan(0);
      drawings.add(svg?.innerHTML ?? '');
      cleanup();
    }
    expect(drawings.size).toBe(iconNames.length);
  });

  it('is decoration without a label and an image named by its label with one', () => {
    const { container, rerender } = render(<Icon name="bell" size={20} />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('20');
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<Icon name="bell" label="Уведомления" />);
    expect(screen.getByRole('img', { name: 'Уведомления' })).toBeTruthy();
  });
});
