import { unzipSync } from 'fflate';
import type { Bank } from '../../src/contract/banks';
import { typographic } from '../../src/contract/legal-name';

/**
 * The Bank of Russia's BIK directory, format ED807 (the daily `<date>_ED807_full.xml` of cbr.ru): one
 * `BICDirectoryEntry BIC="…"` per participant, its `ParticipantInfo` (NameP name, Tnp and Nnp the settlement's type
 * and name, ParticipantStatus) and its `Accounts` (Account, RegulationAccountType "CRSA" for the correspondent
 * account, AccountStatus). The file is windows-1251 as published; read with the encoding its declaration names.
 * Only what the payer form needs is taken: participants that are not deleted and have an open correspondent account.
 */
export interface BikDirectory { directoryDate: string | null; banks: Bank[] }

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const unescape = (value: string): string => value
  .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
  .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
  .replace(/&(quot|amp|lt|gt|apos);/g, (_, name: string) => ENTITIES[name] ?? '');

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name = '', value = ''] of tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)) found[name.replace(/^\w+:/, '')] = unescape(value);
  return found;
}

/**
 * The directory's XML from the file as downloaded: cbr.ru hands it out zipped (one `…_ED807_full.xml` inside), or
 * the XML itself; in the encoding its declaration names (UTF-8 when it names none).
 */
export function directoryXml(file: Uint8Array): string {
  if (file[0] !== 0x50 || file[1] !== 0x4b) return decodeXml(file);
  const inside = Object.entries(unzipSync(file, { filter: (entry) => /ED807.*\.xml$/i.test(entry.name) }));
  const [, xml] = inside.sort(([a], [b]) => a.localeCompare(b))[0] ?? [];
  if (!xml) throw new Error('the archive holds no ED807 XML file');
  return decodeXml(xml);
}

function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const encoding = /encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1] ?? 'utf-8';
  return new TextDecoder(encoding.toLowerCase()).decode(bytes);
}

const tagsOf = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>`, 'g'))].map((match) => match[0]);

/** 'г. Москва' from Tnp 'г' and Nnp 'Москва'. */
const placeOf = (info: Record<string, string>): string => {
  const name = (info.Nnp ?? '').trim();
  const kind = (info.Tnp ?? '').trim().replace(/\.$/, '');
  return kind && name ? `${kind}. ${name}` : name;
};

export function parseEd807(xml: string): BikDirectory {
  const root = tagsOf(xml, 'ED807')[0];
  if (!root) throw new Error('not an ED807 BIK directory: there is no ED807 element');
  const head = attributes(root);
  const banks: Bank[] = [];
  const entries = xml.matchAll(/<(?:\w+:)?BICDirectoryEntry\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?BICDirectoryEntry>/g);
  for (const [, entryTag = '', body = ''] of entries) {
    const entry = attributes(entryTag);
    const infoTag = tagsOf(body, 'ParticipantInfo')[0];
    const bik = entry.BIC ?? '';
    if (!infoTag || !/^\d{9}$/.test(bik) || entry.ChangeType === 'DLTE') continue;
    const info = attributes(infoTag);
    if (info.ParticipantStatus === 'PSDL') continue;
    const account = tagsOf(body, 'Accounts').map(attributes)
      .find((row) => row.RegulationAccountType === 'CRSA' && row.AccountStatus !== 'ACDL' && /^\d{20}$/.test(row.Account ?? ''));
    if (!account?.Account || !info.NameP) continue;
    banks.push({ bik, name: typographic(info.NameP.trim()), place: placeOf(info), correspondentAccount: account.Account });
  }
  if (banks.length === 0) throw new Error('the ED807 file holds no bank with an open correspondent account');
  banks.sort((a, b) => a.bik.localeCompare(b.bik));
  return { directoryDate: head.BusinessDay ?? head.EDDate ?? null, banks };
}
