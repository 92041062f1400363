import { describe, expect, it } from 'vitest';
import { legalName, quoted, typographic } from '../../src/contract/legal-name';

describe('a payer\'s name as printed', () => {
  it('carries its legal form, the organisation\'s own name in «ёлочки»', () => {
    expect(legalName({ legalForm: 'ooo', name: 'Микрон-Тест' })).toBe('ООО «Микрон-Тест»');
    expect(legalName({ legalForm: 'pao', name: '  Северсталь ' })).toBe('ПАО «Северсталь»');
  });

  it('is not doubled when the name was typed with its form, however it was quoted', () => {
    for (const typed of ['ООО «Микрон-Тест»', 'ООО "Микрон-Тест"', 'ооо Микрон-Тест', 'ООО “Микрон-Тест”', '«Микрон-Тест»']) {
      expect(legalName({ legalForm: 'ooo', name: typed }), typed).toBe('ООО «Микрон-Тест»');
    }
    expect(legalName({ legalForm: 'ooo', name: 'Общество с ограниченной ответственностью "Микрон-Тест"' }))
      .toBe('Общество с ограниченной ответственностью «Микрон-Тест»');
  });

  it('writes quotes inside quotes as „лапки“, the Russian rule', () => {
    expect(legalName({ legalForm: 'pao', name: 'Банк «Санкт-Петербург»' })).toBe('ПАО «Банк „Санкт-Петербург“»');
    expect(legalName({ legalForm: 'pao', name: 'ПАО "Банк "Санкт-Петербург""' })).toBe('ПАО «Банк „Санкт-Петербург“»');
    expect(quoted('ООО «Микрон-Тест»')).toBe('«ООО „Микрон-Тест“»');
    expect(quoted('Микрон-Тест')).toBe('«Микрон-Тест»');
  });

  it('of an entrepreneur is a person\'s, without quotes; without a form it is printed as stored', () => {
    expect(legalName({ legalForm: 'ip', name: 'Кузнецов Алексей Викторович' })).toBe('ИП Кузнецов Алексей Викторович');
    expect(legalName({ legalForm: 'ip', name: 'ИП Кузнецов А. В.' })).toBe('ИП Кузнецов А. В.');
    expect(legalName({ name: 'Микрон-Тест' })).toBe('Микрон-Тест');
    expect(legalName({ legalForm: null, name: 'ООО «Проверка»' })).toBe('ООО «Проверка»');
  });
});

describe('typographic quotes', () => {
  it('nest by level: «ёлочки» outside, „лапки“ inside, whatever quotes were typed', () => {
    expect(typographic('ПАО "Банк "Санкт-Петербург""')).toBe('ПАО «Банк „Санкт-Петербург“»');
    expect(typographic('АО "АЛЬФА-БАНК"')).toBe('АО «АЛЬФА-БАНК»');
    expect(typographic('ПАО Сбербанк')).toBe('ПАО Сбербанк');
  });
});
