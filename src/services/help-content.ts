import {
  COPPER_UM, FINISHES, LAYER_COUNTS, LIMITS, MASK_COLORS, MATERIALS, PRODUCT_TYPES, SEPARATIONS, SILK_COLORS,
  STENCIL_THICKNESSES_MM, THICKNESSES_MM, URGENCIES,
} from '../contract/board';
import { UPLOAD_LIMITS } from '../contract/board-files';
import { VAT_PERCENT } from '../contract/orders';
import { formatMm, formatNumber } from './format';
import { t, type Locale } from './i18n';

/**
 * The knowledge centre's articles (/help). Their texts live in `locales/help/<lang>.json`, not in the locale files:
 * they are long and only /help reads them, so each language is a chunk of its own that loads with the page instead
 * of riding in every page's texts. Numbers that the portal's own limits decide are `{{placeholders}}` filled from the
 * contract, so the page cannot drift from what the wizard accepts.
 */

/** One piece of an article. Text may hold `code` in backticks and `{{params}}`. */
export type HelpBlock =
  | { p: string }
  | { h3: string }
  | { list: string[] }
  | { table: { caption: string; head: string[]; rows: string[][] } }
  | { links: { to: string; text: string }[] };

export interface HelpSection {
  /** The anchor: /help#help-<id>. */
  id: string;
  title: string;
  blocks: HelpBlock[];
}

export interface HelpContent {
  sections: HelpSection[];
}

const loaders: Record<Locale, () => Promise<HelpContent>> = {
  ru: () => import('../../locales/help/ru.json').then((module): HelpContent => module.default),
  en: () => import('../../locales/help/en.json').then((module): HelpContent => module.default),
};

export function loadHelpContent(locale: Locale): Promise<HelpContent> {
  return loaders[locale]();
}

/** Items with a decimal comma ('0,4') are separated by semicolons, as Russian lists of such numbers are. */
function listOf(items: readonly string[]): string {
  return items.join(items.some((item) => item.includes(',')) ? '; ' : ', ');
}

const MB = 1024 * 1024;

/** The values of the `{{params}}`, in the current language and number format. */
export function helpParams(): Record<string, string> {
  const option = (group: string) => (value: string | number) => t(`wizard.options.${group}.${value}`);
  return {
    archiveMb: formatNumber(UPLOAD_LIMITS.archiveBytes / MB),
    files: formatNumber(UPLOAD_LIMITS.files),
    fileMb: formatNumber(UPLOAD_LIMITS.fileBytes / MB),
    unpackedMb: formatNumber(UPLOAD_LIMITS.unpackedBytes / MB),
    products: listOf(PRODUCT_TYPES.map((type) => t(`wizard.productTypes.${type}`))),
    layers: listOf(LAYER_COUNTS.map((count) => formatNumber(count))),
    boardMin: formatMm(LIMITS.boardMm.min),
    boardMax: formatMm(LIMITS.boardMm.max),
    materials: listOf(MATERIALS.map(option('material'))),
    thicknesses: listOf(THICKNESSES_MM.map(formatMm)),
    copper: listOf(COPPER_UM.map(option('copper'))),
    minTrack: formatNumber(LIMITS.minTrackMm.min, { maxFraction: 3 }),
    minHole: formatNumber(LIMITS.minHoleMm.min, { maxFraction: 3 }),
    maskColors: listOf(MASK_COLORS.map(option('maskColor'))),
    silkColors: listOf(SILK_COLORS.map(option('silkColor'))),
    finishes: listOf(FINISHES.map(option('finish'))),
    quantityMin: formatNumber(LIMITS.quantity.min),
    quantityMax: formatNumber(LIMITS.quantity.max),
    panelCountMax: formatNumber(LIMITS.panelCount.max),
    panelMax: formatMm(LIMITS.panelMm.max),
    separations: listOf(SEPARATIONS.map((separation) => t(`board.panel.separation.${separation}`))),
    stencilThicknesses: listOf(STENCIL_THICKNESSES_MM.map(formatMm)),
    componentsMax: formatNumber(LIMITS.components.max),
    urgencies: listOf(URGENCIES.map(option('urgency'))),
    vat: formatNumber(VAT_PERCENT),
  };
}

/** A text with its `{{params}}` filled; an unknown name stays as written, so it is noticed. */
export function fillHelpText(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => params[name] ?? match);
}
