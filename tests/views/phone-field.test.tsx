// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/machines/phone';
import { PhoneField } from '../../src/views/components/form/phone-field';
import { maskPhone, nationalDigits } from '../../src/views/components/form/phone-mask';

afterEach(cleanup);

describe('phone mask', () => {
  it('reads stored, typed and pasted numbers with 8, 7 or +7 in front and drops extra digits', () => {
    expect(nationalDigits('8 (999) 123-45-67')).toBe('9991234567');
    expect(nationalDigits('79991234567')).toBe('9991234567');
    expect(nationalDigits('+7 999 123 45 67')).toBe('9991234567');
    expect(nationalDigits('+7 (999) 123-45-67 89')).toBe('9991234567');
    expect(nationalDigits('8005553535')).toBe('8005553535');
  });

  it('masks a stored number for the field to start with', () => {
    expect(maskPhone('+79991234567')).toBe('+7 (999) 123-45-67');
    expect(maskPhone('999123')).toBe('+7 (999) 123');
    expect(maskPhone('')).toBe('');
  });
});

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneField label="Телефон" name="phone" value={value} onValueChange={setValue} />
      <output>{value}</output>
    </>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('Телефон');

describe('PhoneField', () => {
  it('shows the mask while the user types digits and hands the masked text up', async () => {
    render(<Harness />);
    const input = field();
    expect(input.type).toBe('tel');
    expect(input.placeholder).toBe('+7 (___) ___-__-__');
    await userEvent.type(input, '9');
    expect(input.value).toBe('+7 (9');
    await userEvent.type(input, '991234');
    expect(input.value).toBe('+7 (999) 123-4');
    await userEvent.type(input, '567');
    expect(input.value).toBe('+7 (999) 123-45-67');
    expect(screen.getByRole('status').textContent).toBe('+7 (999) 123-45-67');
    expect(normalizePhone(input.value)).toBe('+79991234567');
  });

  it('ignores letters and digits beyond the mask', async () => {
    render(<Harness />);
    await userEvent.type(field(), '99a9-1234x56789');
    expect(field().value).toBe('+7 (999) 123-45-67');
  });

  it('deletes digits with backspace, never getting stuck on the punctuation', async () => {
    render(<Harness />);
    const input = field();
    await userEvent.type(input, '9991234567');
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(input.value).toBe('+7 (999) 123-4');
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input.value).toBe('+7 (999');
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(input.value).toBe('');
  });

  it('steps over punctuation before the caret instead of sticking on it', async () => {
    render(<Harness />);
    const input = field();
    await userEvent.type(input, '9991234');
    // The caret right after the dash of '+7 (999) 123-4'.
    await userEvent.type(input, '{Backspace}', { initialSelectionStart: 13, initialSelectionEnd: 13 });
    const caret = input.selectionStart ?? undefined;
    await userEvent.type(input, '{Backspace}', { initialSelectionStart: caret, initialSelectionEnd: caret });
    expect(input.value).toBe('+7 (999) 124');
  });

  it('accepts a hand-typed +7 prefix', async () => {
    render(<Harness />);
    await userEvent.type(field(), '+79991234567');
    expect(field().value).toBe('+7 (999) 123-45-67');
  });

  it('keeps a national number that starts with 7 or 8 when typed without +', async () => {
    render(<Harness />);
    await userEvent.type(field(), '8005553535');
    expect(field().value).toBe('+7 (800) 555-35-35');
  });

  it('drops the country code of a pasted number', async () => {
    render(<Harness />);
    const input = field();
    for (const pasted of ['8 (999) 123-45-67', '+7 999 123 45 67', '79991234567', '+7 (999) 123-45-67 89']) {
      await userEvent.clear(input);
      await userEvent.click(input);
      await userEvent.paste(pasted);
      expect(input.value).toBe('+7 (999) 123-45-67');
    }
  });

  it('starts from a stored number and edits it', async () => {
    render(<Harness initial={maskPhone('+79991234567')} />);
    const input = field();
    expect(input.value).toBe('+7 (999) 123-45-67');
    await userEvent.type(input, '{Backspace}{Backspace}00');
    expect(input.value).toBe('+7 (999) 123-45-00');
  });
});
