import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The sections of `locales/<lang>.json` a first visit to /auth renders. Every other section, including any new
 * one, goes to the second bundle, which loads with the signed-in frame: the sign-in page must not carry the texts
 * of the whole portal, so the /auth first visit does not grow as pages are added.
 */
export const FIRST_VISIT_SECTIONS = ['app', 'locale', 'authLayout', 'auth', 'errors', 'footer', 'support'];

/** The gateway's texts (server/http/messages.ts) share the locale files but never reach a browser. */
export const GATEWAY_SECTIONS = ['gateway'];

type Bundle = 'first-visit' | 'portal';

/** The sections of one locale file that a bundle carries. */
function sectionsOf(texts: Record<string, unknown>, bundle: Bundle): Record<string, unknown> {
  return Object.fromEntries(Object.entries(texts).filter(([name]) =>
    !GATEWAY_SECTIONS.includes(name) && FIRST_VISIT_SECTIONS.includes(name) === (bundle === 'first-visit')));
}

const PREFIX = 'virtual:texts/';
const pattern = /^virtual:texts\/(ru|en)\/(first-visit|portal)$/;

/** `virtual:texts/<lang>/first-visit` and `virtual:texts/<lang>/portal`: one locale file, split in two bundles. */
export function localeTexts(): Plugin {
  return {
    name: 'pcb-locale-texts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    // index.html's splash speaks before any script: its `%section.key.<lang>%` texts are written in at build time.
    transformIndexHtml(html) {
      return html.replace(/%([\w.]+)\.(ru|en)%/g, (placeholder, key: string, lang: string) => {
        const texts = JSON.parse(readFileSync(fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url)), 'utf8')) as unknown;
        const text = key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), texts);
        if (typeof text !== 'string') throw new Error(`index.html: no text ${key} in locales/${lang}.json for ${placeholder}`);
        return text.replace(/[<>&]/g, (char) => `&#${char.charCodeAt(0)};`);
      });
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const match = pattern.exec(id.slice(1));
      if (!match) throw new Error(`Unknown texts bundle ${id.slice(1)}: expected ${PREFIX}<ru|en>/<first-visit|portal>`);
      const [, lang, bundle] = match;
      const file = fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(sectionsOf(texts, bundle as Bundle))};`;
    },
  };
}
