import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankByBik } from '../../src/contract/banks';
import { checkBik, checkCorrespondentAccount } from '../../src/contract/requisites';
import type { Gateway } from '../../server/app';
import { zipSync } from 'fflate';
import { directoryXml, parseEd807 } from '../../server/banks/ed807';
import { createBankReference, readShippedReference } from '../../server/banks/reference';
import { person, type Person } from './client-fixtures';
import { get, startGateway } from './helpers';

/**
 * The payer form fills the bank's name and correspondent account from the BIK, out of a reference of
 * Russian banks shipped with the project and refreshed from the Bank of Russia's directory (ED807).
 */

/** Windows-1251, as cbr.ru publishes ED807: ASCII, Cyrillic and the few signs the fixture uses. */
function windows1251(text: string): Uint8Array {
  const special: Record<string, number> = { Ё: 0xa8, ё: 0xb8, '№': 0xb9, '«': 0xab, '»': 0xbb };
  return Uint8Array.from([...text].map((char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    const mapped = special[char];
    if (mapped === undefined) throw new Error(`no windows-1251 byte for ${char}`);
    return mapped;
  }));
}

const entry = (bik: string, info: string, accounts: string) =>
  `<BICDirectoryEntry BIC="${bik}"><ParticipantInfo ${info} Rgn="45" PtType="20"/>${accounts}</BICDirectoryEntry>`;
const crsa = (account: string, status = 'ACAC') =>
  `<Accounts Account="${account}" RegulationAccountType="CRSA" CK="34" AccountCBRBIC="044525000" DateIn="2001-01-01" AccountStatus="${status}"/>`;

const ED807 = `<?xml version="1.0" encoding="windows-1251"?>
<ED807 xmlns="urn:cbr-ru:ed:v2.0" EDNo="7" EDDate="2026-03-02" EDAuthor="4583001999" CreationReason="FCBD"
  InfoTypeCode="FIRR" BusinessDay="2026-03-02" DirectoryVersion="1">
  ${entry('044525225', 'NameP="ПАО Сбербанк" Tnp="г" Nnp="Москва" ParticipantStatus="PSAC"', crsa('30101810400000000225'))}
  ${entry('044525187', 'NameP="БАНК ВТБ (ПАО)" Tnp="г" Nnp="Москва" ParticipantStatus="PSAC"', crsa('30101810700000000187'))}
  ${entry('044030790', 'NameP="ПАО &quot;Банк &quot;Санкт-Петербург&quot;&quot;" Tnp="г" Nnp="Санкт-Петербург" ParticipantStatus="PSAC"',
    crsa('30101810900000000790'))}
  ${entry('044525001', 'NameP="АО &quot;Ёлка-Банк № 1&quot;" Tnp="пгт" Nnp="Лесной" ParticipantStatus="PSAC"',
    crsa('30101810000000000001', 'ACDL') + crsa('30101810500000000001'))}
  ${entry('044525002', 'NameP="Закрытый банк" Tnp="г" Nnp="Москва" ParticipantStatus="PSDL"', crsa('30101810100000000002'))}
  ${entry('044525003', 'NameP="Банк без счёта" Tnp="г" Nnp="Москва" ParticipantStatus="PSAC"', crsa('30101810200000000003', 'ACDL'))}
  ${entry('044525000', 'NameP="ГУ Банка России по ЦФО" Tnp="г" Nnp="Москва" ParticipantStatus="PSAC"', '')}
</ED807>`;

let gw: Gateway;
let someone: Person;
let folder: string;
let xmlPath: string;

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false });
  someone = await person(gw, 'banks-user', 'Борис', 'Банкин');
  folder = mkdtempSync(join(tmpdir(), 'banks-'));
  xmlPath = join(folder, '20260302_ED807_full.xml');
  writeFileSync(xmlPath, windows1251(ED807));
});

afterAll(async () => {
  await gw.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the shipped reference', () => {
  it('holds the major banks, each BIK and correspondent account passing the Bank of Russia key', () => {
    const { banks } = readShippedReference();
    expect(banks.length).toBeGreaterThanOrEqual(20);
    expect(banks.find((row) => row.bik === '044525225')).toEqual({
      bik: '044525225', name: 'ПАО Сбербанк', place: 'г. Москва', correspondentAccount: '30101810400000000225',
    });
    for (const row of banks) {
      expect(checkBik(row.bik), row.bik).toBeNull();
      expect(checkCorrespondentAccount(row.correspondentAccount, row.bik), row.bik).toBeNull();
    }
    expect(new Set(banks.map((row) => row.bik)).size).toBe(banks.length);
  });
});

describe('GET /account/Banks/ByBik', () => {
  it('names a known BIK\'s bank and correspondent account, and answers null for one the reference lacks', async () => {
    const known = await get(gw, `${bankByBik.path}?bik=044525974`, someone.token);
    expect(known.status).toBe(200);
    expect(known.json).toEqual({ bank: { bik: '044525974', name: 'АО «ТБанк»', place: 'г. Москва', correspondentAccount: '30101810145250000974' } });
    const unknown = await get(gw, `${bankByBik.path}?bik=044525001`, someone.token);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ bank: null });
  });

  it('refuses a BIK that is not 9 digits with 400 naming the field, and a caller who is not signed in with 401', async () => {
    for (const bik of ['04452522', '0445252250', '04452522x', '']) {
      const answer = await get(gw, `${bankByBik.path}?bik=${bik}`, someone.token);
      expect(answer.status, bik).toBe(400);
      expect(answer.json.field).toBe('bik');
    }
    expect((await get(gw, `${bankByBik.path}?bik=044525225`)).status).toBe(401);
  });
});

describe('the Bank of Russia\'s directory (ED807)', () => {
  it('is read in its own encoding: open participants with an open correspondent account, quotes made typographic', () => {
    const directory = parseEd807(directoryXml(readFileSync(xmlPath)));
    expect(directory.directoryDate).toBe('2026-03-02');
    // As cbr.ru hands it out: zipped.
    expect(parseEd807(directoryXml(zipSync({ '20260302_ED807_full.xml': readFileSync(xmlPath) })))).toEqual(directory);
    expect(directory.banks).toEqual([
      { bik: '044030790', name: 'ПАО «Банк „Санкт-Петербург“»', place: 'г. Санкт-Петербург', correspondentAccount: '30101810900000000790' },
      { bik: '044525001', name: 'АО «Ёлка-Банк № 1»', place: 'пгт. Лесной', correspondentAccount: '30101810500000000001' },
      { bik: '044525187', name: 'БАНК ВТБ (ПАО)', place: 'г. Москва', correspondentAccount: '30101810700000000187' },
      { bik: '044525225', name: 'ПАО Сбербанк', place: 'г. Москва', correspondentAccount: '30101810400000000225' },
    ]);
  });

  it('is refused when it is not a directory', () => {
    expect(() => parseEd807('<?xml version="1.0"?><ED101/>')).toThrow(/ED807/);
  });

  it('refreshes the reference with `npm run ops -- banks`, which a running gateway reads at its next lookup', async () => {
    const reference = createBankReference(join(folder, 'banks.json'), (error) => { throw error; });
    expect((await reference.find('044525187'))?.name).toBe('Банк ВТБ (ПАО)');
    expect(await reference.find('044525001')).toBeNull();

    const printed = execFileSync(process.execPath, ['--import', 'tsx', 'server/ops.ts', 'banks', xmlPath], {
      env: { ...process.env, DATA_DIR: folder },
      encoding: 'utf8',
    });
    const shipped = readShippedReference().banks.length;
    expect(printed.trim()).toBe(
      `banks: 4 from the directory of 2026-03-02 — 1 added, 1 changed, ${shipped - 3} removed; written to ${join(folder, 'banks.json')}`,
    );

    expect((await reference.find('044525187'))?.name).toBe('БАНК ВТБ (ПАО)');
    expect(await reference.find('044525001')).toMatchObject({ name: 'АО «Ёлка-Банк № 1»' });
    // Only what the directory holds: a BIK it lacks is unknown now, the shipped subset no longer answers for it.
    expect(await reference.find('044525974')).toBeNull();
  });
});
