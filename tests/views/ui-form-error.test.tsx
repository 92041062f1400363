// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '../../src/views/components/form/text-field';

afterEach(cleanup);

const field = (error?: string, invalid?: boolean) => (
  <TextField label="Имя" value="" onValueChange={() => undefined} error={error} invalid={invalid} />
);

describe('form error state (red border, error text, shake)', () => {
  it('marks the field invalid, shows the error under it, links it to the input and shakes', () => {
    const { container, rerender } = render(field());
    const input = screen.getByRole('textbox', { name: 'Имя' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(container.querySelector('.field--invalid')).toBeNull();
    expect(container.querySelector('.field__control--shake')).toBeNull();

    rerender(field('Обязательное поле'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The red border comes from this class (form.css: .field--invalid .field__control { border-color: var(--danger) }).
    expect(container.querySelector('.field')?.classList.contains('field--invalid')).toBe(true);
    const error = screen.getByText('Обязательное поле');
    expect(error.className).toBe('field__error');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(container.querySelector('.field__control')?.classList.contains('field__control--shake')).toBe(true);
  });

  it('can be invalid without text of its own (the message is in the form banner)', () => {
    const { container } = render(field(undefined, true));
    expect(screen.getByRole('textbox', { name: 'Имя' }).getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector('.field__error')).toBeNull();
    expect(container.querySelector('.field--invalid')).toBeTruthy();
  });
});
