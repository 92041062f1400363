// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneField } from '../../src/views/components/form/phone-field';
import { applyPhoneEdit, maskNationalDigits, internationalPhone, nationalDigits } from '../../src/views/components/form/phone-mask';

afterEach(cleanup);

describe('phone mask', () => {
  it('masks digits progressively as +7 (999) 999-99-99', () => {
    expect(maskNationalDigits('')).toBe('');
    expect(maskNationalDigits('9')).toBe('+7 (9');
    expect(maskNationalDigits('999')).toBe('+7 (999');
    expect(maskNationalDigits('9991')).toBe('+7 (999) 1');
    expect(maskNationalDigits('9991234')).toBe('+7 (999) 123-4');
    expect(maskNationalDigits('999123456')).toBe('+7 (999) 123-45-6');
    expect(maskNationalDigits('9991234567')).toBe('+7 (999) 123-45-67');
  });

  it('reads pasted numbers with 8, 7 or +7 in front and drops extra digits', () => {
    expect(nationalDigits('8 (999) 123-45-67')).toBe('9991234567');
    expect(nationalDigits('79991234567')).toBe('9991234567');
    expect(nationalDigits('+7 999 123 45 67')).toBe('9991234567');
    expect(nationalDigits('+7 (999) 123-45-67 89')).toBe('9991234567');
  });

  it('gives the international form the gateway takes', () => {
    expect(internationalPhone('9991234567')).toBe('+79991234567');
    expect(internationalPhone('')).toBe('');
  });

  it('deletes the digit before punctuation that backspace removed', () => {
    // Backspace right after '-' in '+7 (999) 123-4' removes the dash; the 3 goes instead.
    expect(applyPhoneEdit('+7 (999) 123-4', '+7 (999) 1234', 12)).toBe('+7 (999) 124');
    expect(applyPhoneEdit('+7 (999) 1', '+7 (999) ', 9)).toBe('+7 (999');
    expect(applyPhoneEdit('+7 (9', '+7 (', 4)).toBe('');
  });
});

function Harness() {
  const [value, setValue] = useState('');
  return <PhoneField label="Телефон" value={value} onValueChange={setValue} />;
}

describe('PhoneField', () => {
  it('shows the mask while the user types digits', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Телефон');
    await userEvent.type(input, '9991234567');
    expect(input).toHaveProperty('value', '+7 (999) 123-45-67');
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveProperty('value', '+7 (999) 123-4');
  });

  it('accepts a hand-typed +7 prefix', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Телефон');
    await userEvent.type(input, '+79991234567');
    expect(input).toHaveProperty('value', '+7 (999) 123-45-67');
  });
});
