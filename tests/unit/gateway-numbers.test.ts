import { describe, expect, it } from 'vitest';
import { translate } from '../../server/http/messages';

const NBSP = '\u00a0';

describe('numbers in the gateway\'s texts', () => {
  it('writes a range with the language\'s decimal mark: a Russian comma, an English point', () => {
    expect(translate('ru', 'fieldRange', { field: 'Мин. отверстие', min: 0.15, max: 6.3 })).toContain('от 0,15 до 6,3');
    expect(translate('en', 'fieldRange', { field: 'Min. hole', min: 0.15, max: 6.3 })).toContain('0.15');
    expect(translate('en', 'fieldRange', { field: 'Min. hole', min: 0.15, max: 6.3 })).not.toContain('0,15');
  });

  it('keeps the finest limits\' third decimal and groups thousands as the app does', () => {
    expect(translate('ru', 'fieldRange', { field: 'Мин. дорожка', min: 0.075, max: 2 })).toContain('от 0,075 до 2');
    expect(translate('ru', 'fieldRange', { field: 'Количество', min: 1, max: 100_000 })).toContain(`до 100${NBSP}000`);
    expect(translate('en', 'fieldRange', { field: 'Quantity', min: 1, max: 100_000 })).toContain('to 100,000');
  });

  it('leaves strings as they were given: finding texts the gateway formatted itself', () => {
    expect(translate('ru', 'dfmSayHoleSize', { value: '0,1', limit: '0,15' })).toBe('отверстие 0,1 мм — меньше 0,15 мм');
  });
});
