// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from '../../src/views/components/avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the uploaded avatar when there is one', () => {
    render(<Avatar src="/files/avatars/7.png" isMale={false} alt="Иван" size={48} />);
    const image = screen.getByRole('img', { name: 'Иван' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/files/avatars/7.png');
    expect(image.getAttribute('width')).toBe('48');
  });

  it('without an upload: the male default, the female one only when the user is female', () => {
    const { rerender } = render(<Avatar src={null} isMale alt="Мужчина" />);
    expect(screen.getByRole('img', { name: 'Мужчина' }).getAttribute('data-avatar')).toBe('male');
    rerender(<Avatar src={null} isMale={false} alt="Женщина" />);
    expect(screen.getByRole('img', { name: 'Женщина' }).getAttribute('data-avatar')).toBe('female');
  });

  it('unknown gender gets the male default', () => {
    render(<Avatar src={null} isMale={null} alt="Неизвестно" />);
    expect(screen.getByRole('img', { name: 'Неизвестно' }).getAttribute('data-avatar')).toBe('male');
  });

  it('a broken upload falls back to the default', () => {
    render(<Avatar src="/files/missing.png" isMale={false} alt="Анна" />);
    fireEvent.error(screen.getByRole('img', { name: 'Анна' }));
    expect(screen.getByRole('img', { name: 'Анна' }).getAttribute('data-avatar')).toBe('female');
  });

  it('is hidden from assistive technology when its alt is empty (the name is next to it)', () => {
    const { container } = render(<Avatar src={null} isMale={null} alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
