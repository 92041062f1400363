import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The sections of `locales/<lang>.json` a first visit to /auth renders. Every other section, including any new
 * one, goes to the later bundles, which load with the signed-in frame: the sign-in page must not carry the texts
 * of the whole portal (the /auth first visit must not grow as pages are added).
 */
export const FIRST_VISIT_SECTIONS = ['app', 'locale', 'authLayout', 'auth', 'errors', 'footer', 'support'];

/**
 * What the signed-in frame (header, sidebar, menus, toasts, the what's-new popup) and the dashboard render, as paths
 * of sections or of parts of one (`*` is any key): the dashboard's first render waits for these texts only, and every
 * other page for the rest of the portal's too (tests/unit/first-visit-preload.test.ts checks the frame's keys against it).
 */
export const FRAME_TEXTS = [
  'shell', 'menu', 'profileMenu', 'notifications', 'updates', 'cache', 'empty', 'format', 'orderStatusOne', 'requestStatus',
  'pages.home', 'pages.*.title', 'pages.project.newTitle', 'flows.title',
  'ui.close', 'ui.loading', 'ui.confirm', 'ui.toasts', 'lists.retry', 'groups.button',
  'orders.item', 'orders.download', 'projects.statuses',
];

/** The gateway's texts (server/http/messages.ts) share the locale files but never reach a browser. */
export const GATEWAY_SECTIONS = ['gateway'];

export const BUNDLES = ['first-visit', 'frame', 'portal'] as const;
export type Bundle = (typeof BUNDLES)[number];

type Texts = { [key: string]: string | Texts };

/** The bundle a key path belongs to; undefined for the gateway's. */
export function bundleOf(path: readonly string[]): Bundle | undefined {
  const [section = ''] = path;
  if (GATEWAY_SECTIONS.includes(section)) return undefined;
  if (FIRST_VISIT_SECTIONS.includes(section)) return 'first-visit';
  const inFrame = FRAME_TEXTS.some((pattern) => pattern.split('.').every((part, index) => part === '*' || part === path[index]));
  return inFrame ? 'frame' : 'portal';
}

/** The part of one locale file that a bundle carries: a key goes to the bundle its path names, at the shortest path that decides. */
function textsOf(texts: Texts, bundle: Bundle, path: readonly string[] = []): Texts {
  const picked: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    const keyPath = [...path, key];
    // A path deeper than every pattern that starts like it is decided: the whole subtree goes to one bundle.
    const undecided = typeof value === 'object' && FRAME_TEXTS.some((pattern) => {
      const parts = pattern.split('.');
      return parts.length > keyPath.length && keyPath.every((part, index) => parts[index] === '*' || parts[index] === part);
    });
    if (undecided) {
      const part = textsOf(value, bundle, keyPath);
      if (Object.keys(part).length > 0) picked[key] = part;
    } else if (bundleOf(keyPath) === bundle) picked[key] = value;
  }
  return picked;
}

const PREFIX = 'virtual:texts/';
const pattern = new RegExp(`^virtual:texts\\/(ru|en)\\/(${BUNDLES.join('|')})$`);

/** `virtual:texts/<lang>/<bundle>`: one locale file, split in the bundles above. */
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
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), texts);
        if (typeof text !== 'string') throw new Error(`index.html: no text ${key} in locales/${lang}.json for ${placeholder}`);
        return text.replace(/[<>&]/g, (char) => `&#${char.charCodeAt(0)};`);
      });
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const match = pattern.exec(id.slice(1));
      if (!match) throw new Error(`Unknown texts bundle ${id.slice(1)}: expected ${PREFIX}<ru|en>/<${BUNDLES.join('|')}>`);
      const [, lang, bundle] = match;
      const file = fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Texts;
      return `export default ${JSON.stringify(textsOf(texts, bundle as Bundle))};`;
    },
  };
}
