// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Skeleton } from '../../src/views/components/ui/skeleton';

afterEach(cleanup);

describe('Skeleton', () => {
  it('defaults to 2 rows and a 24 px image, announced once as loading', () => {
    const { container } = render(<Skeleton />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Загрузка…');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('.ui-skeleton__row')).toHaveLength(2);
    const image = container.querySelector<HTMLElement>('.ui-skeleton__image');
    expect(image?.style.width).toBe('24px');
    expect(image?.style.height).toBe('24px');
  });

  it('takes other row counts and image sizes; 0 drops the image', () => {
    const { container, rerender } = render(<Skeleton rows={4} imageSize={48} />);
    expect(container.querySelectorAll('.ui-skeleton__row')).toHaveLength(4);
    expect(container.querySelector<HTMLElement>('.ui-skeleton__image')?.style.width).toBe('48px');
    rerender(<Skeleton rows={1} imageSize={0} />);
    expect(container.querySelectorAll('.ui-skeleton__row')).toHaveLength(1);
    expect(container.querySelector('.ui-skeleton__image')).toBeNull();
  });

  it('can stay silent, so a list of placeholders announces loading once', () => {
    const { container } = render(
      <>
        <Skeleton />
        <Skeleton announce={false} />
        <Skeleton announce={false} />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(container.querySelectorAll('.ui-skeleton[aria-hidden="true"]')).toHaveLength(2);
  });
});
