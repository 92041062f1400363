import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/help/en.json';
import ru from '../../locales/help/ru.json';
import { findRoute } from '../../src/app/routes';
import { fillHelpText, helpParams, type HelpBlock, type HelpContent } from '../../src/services/help-content';
import { applyLocale, loadLocale, loadPortalTexts } from '../../src/services/i18n';

/** The knowledge centre's texts (locales/help/*.json) are held to what the locale files are held to, and more. */

beforeAll(async () => {
  await loadPortalTexts();
  await loadLocale('en');
});
afterAll(() => applyLocale('ru'));

const russian: HelpContent = ru;
const english: HelpContent = en;
const languages: [string, HelpContent][] = [['ru', russian], ['en', english]];

/** The shape of an article without its words: which blocks, how many items, rows and links, in what order. */
function shapeOf(block: HelpBlock): string {
  if ('p' in block) return 'p';
  if ('h3' in block) return 'h3';
  if ('list' in block) return `list:${block.list.length}`;
  if ('links' in block) return `links:${block.links.map((link) => link.to).join(',')}`;
  return `table:${block.table.head.length}x${block.table.rows.map((row) => row.length).join(',')}`;
}

function textsOf(block: HelpBlock): string[] {
  if ('p' in block) return [block.p];
  if ('h3' in block) return [block.h3];
  if ('list' in block) return block.list;
  if ('links' in block) return block.links.map((link) => link.text);
  return [block.table.caption, ...block.table.head, ...block.table.rows.flat()];
}

describe('knowledge centre texts', () => {
  it('have the same articles, blocks and links in Russian and English', () => {
    const shape = (content: HelpContent) => content.sections.map((section) => ({ id: section.id, blocks: section.blocks.map(shapeOf) }));
    expect(shape(english)).toEqual(shape(russian));
  });

  it('have no empty text, and no placeholder the page does not fill', () => {
    for (const [name, content] of languages) {
      applyLocale(name === 'en' ? 'en' : 'ru');
      const params = helpParams();
      for (const section of content.sections) {
        for (const text of [section.title, ...section.blocks.flatMap(textsOf)]) {
          expect(text.trim(), `${name} ${section.id}`).not.toBe('');
          expect(fillHelpText(text, params), `${name} ${section.id}: ${text}`).not.toMatch(/\{\{\w+\}\}/);
        }
      }
    }
    applyLocale('ru');
  });

  it('link only to pages of the route table', () => {
    const targets = russian.sections.flatMap((section) => section.blocks.flatMap((block) => ('links' in block ? block.links.map((link) => link.to) : [])));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(findRoute(target), target).not.toBeNull();
  });

  it('fill the portal limits in each language number format', () => {
    applyLocale('ru');
    expect(helpParams()).toMatchObject({ minTrack: '0,075', quantityMax: '100\u00a0000', thicknesses: expect.stringContaining('0,4; 0,6'), vat: '22' });
    applyLocale('en');
    expect(helpParams()).toMatchObject({ minTrack: '0.075', quantityMax: '100,000', thicknesses: expect.stringContaining('0.4, 0.6'), vat: '22' });
    applyLocale('ru');
  });
});
