import { describe, expect, it } from 'vitest';
import {
  checkBik, checkClientRequisites, checkCorrespondentAccount, checkPayer, checkInn, checkKpp, checkOgrn,
  checkSettlementAccount,
} from '../../src/contract/requisites';

/** Real-world valid values (Sberbank's requisites and a known entrepreneur); invalid ones differ by one digit. */
const VALID = {
  innLegal: '7707083893', innPerson: '500100732259', kpp: '773601001', ogrn: '1027700132195', ogrnip: '304500116000157',
  bik: '044525225', correspondent: '30101810400000000225', settlement: '40702810938000000001',
};

describe('INN', () => {
  it('accepts a valid 10-digit and 12-digit INN by kind', () => {
    expect(checkInn(VALID.innLegal, 'legal')).toBeNull();
    expect(checkInn(VALID.innPerson, 'person')).toBeNull();
    expect(checkInn(VALID.innLegal)).toBeNull();
    expect(checkInn(VALID.innPerson, 'any')).toBeNull();
  });

  it('finds a changed digit by the control digits', () => {
    expect(checkInn('7707083894', 'legal')).toBe('checksum');
    expect(checkInn('7717083893', 'legal')).toBe('checksum');
    // The 12-digit INN has two control digits: the 11th and the 12th each fail on their own.
    expect(checkInn('500100732258', 'person')).toBe('checksum');
    expect(checkInn('500100732249', 'person')).toBe('checksum');
    expect(checkInn('500100732359', 'person')).toBe('checksum');
  });

  it('names the shape problem before the checksum', () => {
    expect(checkInn('', 'legal')).toBe('required');
    expect(checkInn('77070838a3', 'legal')).toBe('digits');
    expect(checkInn(' 770708389', 'legal')).toBe('digits');
    expect(checkInn('770708389', 'legal')).toBe('length');
    expect(checkInn(VALID.innPerson, 'legal')).toBe('length');
    expect(checkInn(VALID.innLegal, 'person')).toBe('length');
    expect(checkInn('77070838931', 'any')).toBe('length');
  });
});

describe('KPP', () => {
  it('accepts 4 digits, 2 digits or capital Latin letters, 3 digits', () => {
    expect(checkKpp(VALID.kpp)).toBeNull();
    expect(checkKpp('7736AB001')).toBeNull();
  });

  it('refuses other shapes', () => {
    expect(checkKpp('')).toBe('required');
    expect(checkKpp('77360100')).toBe('length');
    expect(checkKpp('7736010010')).toBe('length');
    expect(checkKpp('7736ab001')).toBe('format');
    expect(checkKpp('7736АБ001')).toBe('format');
    expect(checkKpp('A73601001')).toBe('format');
    expect(checkKpp('77360100X')).toBe('format');
  });
});

describe('OGRN and OGRNIP', () => {
  it('accepts valid numbers, including a remainder of 10 or more (only its last digit counts)', () => {
    expect(checkOgrn(VALID.ogrn, 'legal')).toBeNull();
    expect(checkOgrn(VALID.ogrnip, 'entrepreneur')).toBeNull();
    expect(checkOgrn('1027700132020', 'legal')).toBeNull();
    expect(checkOgrn('304500116000061', 'entrepreneur')).toBeNull();
  });

  it('finds a changed digit', () => {
    expect(checkOgrn('1027700132196', 'legal')).toBe('checksum');
    expect(checkOgrn('1027700132295', 'legal')).toBe('checksum');
    expect(checkOgrn('304500116000158', 'entrepreneur')).toBe('checksum');
    expect(checkOgrn('304500116100157', 'entrepreneur')).toBe('checksum');
  });

  it('checks the length by kind', () => {
    expect(checkOgrn('', 'legal')).toBe('required');
    expect(checkOgrn(VALID.ogrnip, 'legal')).toBe('length');
    expect(checkOgrn(VALID.ogrn, 'entrepreneur')).toBe('length');
    expect(checkOgrn('102770013219O', 'legal')).toBe('digits');
  });
});

describe('BIK', () => {
  it('accepts 9 digits starting with 04', () => {
    expect(checkBik(VALID.bik)).toBeNull();
    expect(checkBik('045004641')).toBeNull();
  });

  it('refuses others', () => {
    expect(checkBik('')).toBe('required');
    expect(checkBik('144525225')).toBe('bikFirst');
    expect(checkBik('04452522')).toBe('length');
    expect(checkBik('04452522a')).toBe('digits');
  });
});

describe('settlement account', () => {
  it('accepts an account keyed against its BIK', () => {
    expect(checkSettlementAccount(VALID.settlement, VALID.bik)).toBeNull();
    expect(checkSettlementAccount('40802810644050012345', '045004641')).toBeNull();
  });

  it('finds a changed digit or an account of another bank', () => {
    expect(checkSettlementAccount('40702810938000000002', VALID.bik)).toBe('checksum');
    expect(checkSettlementAccount('40702810838000000001', VALID.bik)).toBe('checksum');
    expect(checkSettlementAccount(VALID.settlement, '044525226')).toBe('checksum');
  });

  it('checks only the shape when the BIK itself is wrong (that is reported on the BIK)', () => {
    expect(checkSettlementAccount(VALID.settlement, '144525225')).toBeNull();
    expect(checkSettlementAccount('40702810938000000002', '0445')).toBeNull();
    expect(checkSettlementAccount('', VALID.bik)).toBe('required');
    expect(checkSettlementAccount('4070281093800000000', VALID.bik)).toBe('length');
    expect(checkSettlementAccount('4070281093800000000x', VALID.bik)).toBe('digits');
  });
});

describe('correspondent account', () => {
  it('accepts a 301… account keyed against the BIK', () => {
    expect(checkCorrespondentAccount(VALID.correspondent, VALID.bik)).toBeNull();
    expect(checkCorrespondentAccount('30101810500000000641', '045004641')).toBeNull();
  });

  it('finds a changed digit, another bank, or an account that is not correspondent', () => {
    expect(checkCorrespondentAccount('30101810400000000226', VALID.bik)).toBe('checksum');
    expect(checkCorrespondentAccount(VALID.correspondent, '045004641')).toBe('checksum');
    expect(checkCorrespondentAccount('40101810400000000225', VALID.bik)).toBe('format');
    expect(checkCorrespondentAccount('', VALID.bik)).toBe('required');
    expect(checkCorrespondentAccount('3010181040000000022', VALID.bik)).toBe('length');
    expect(checkCorrespondentAccount(VALID.correspondent, '144525225')).toBeNull();
  });
});

describe('checkPayer', () => {
  const legal = {
    inn: VALID.innLegal, kpp: VALID.kpp, ogrn: VALID.ogrn, bik: VALID.bik,
    settlementAccount: VALID.settlement, correspondentAccount: VALID.correspondent,
  };
  const entrepreneur = { ...legal, inn: VALID.innPerson, kpp: null, ogrn: VALID.ogrnip, settlementAccount: '40802810438000000456' };

  it('passes valid payers of both kinds; an entrepreneur needs no KPP', () => {
    expect(checkPayer('legal', legal)).toEqual([]);
    expect(checkPayer('entrepreneur', entrepreneur)).toEqual([]);
  });

  it('reports every failing field in form order', () => {
    expect(checkPayer('legal', { ...legal, inn: '7707083894', kpp: null, bik: '144525225', correspondentAccount: '40101810400000000225' }))
      .toEqual([
        { field: 'inn', problem: 'checksum' }, { field: 'kpp', problem: 'required' }, { field: 'bik', problem: 'bikFirst' },
        { field: 'correspondentAccount', problem: 'format' },
      ]);
    expect(checkPayer('entrepreneur', legal)).toEqual([{ field: 'inn', problem: 'length' }, { field: 'ogrn', problem: 'length' }]);
    expect(checkPayer('legal', { ...legal, settlementAccount: '40702810938000000002' }))
      .toEqual([{ field: 'settlementAccount', problem: 'checksum' }]);
  });
});

describe('checkClientRequisites', () => {
  it('asks each client type for its requisites', () => {
    expect(checkClientRequisites('corporate', { inn: VALID.innLegal, kpp: VALID.kpp, ogrn: VALID.ogrn })).toEqual([]);
    expect(checkClientRequisites('corporate', { inn: VALID.innLegal })).toEqual([
      { field: 'kpp', problem: 'required' }, { field: 'ogrn', problem: 'required' },
    ]);
    expect(checkClientRequisites('entrepreneur', { inn: VALID.innPerson, ogrn: VALID.ogrnip })).toEqual([]);
    expect(checkClientRequisites('entrepreneur', { inn: '500100732258', ogrn: VALID.ogrnip })).toEqual([{ field: 'inn', problem: 'checksum' }]);
    expect(checkClientRequisites('selfemployed', { inn: null })).toEqual([]);
    expect(checkClientRequisites('selfemployed', { inn: VALID.innLegal })).toEqual([{ field: 'inn', problem: 'length' }]);
    expect(checkClientRequisites('individual', { inn: 'anything' })).toEqual([]);
  });
});
