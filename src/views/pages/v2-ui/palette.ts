/**
 * Reads the colour custom properties that styles.css gives each sidebar theme and colour mode, straight from the
 * page's stylesheets, so the colours page always shows the real palette and needs no copy of it.
 */

export const SIDEBAR_THEMES = ['brand', 'dark', 'white'] as const;
export const COLOR_MODES = ['light', 'dark'] as const;
export type SidebarTheme = (typeof SIDEBAR_THEMES)[number];
export type ColorMode = (typeof COLOR_MODES)[number];

/** Sizes, radii and shadows are custom properties too, but not colours; the build adds its own colour-scheme helpers. */
const NOT_COLOURS = /^--(space|radius|header|sidebar-width|sidebar-mini|shadow|lightningcss)/;
const STAND_IN = 'palette-root';

/** The root classes the shell sets for a theme and mode. */
export function rootClasses(theme: SidebarTheme, mode: ColorMode): string[] {
  return [`sidebar-theme-${theme}`, ...(mode === 'dark' ? ['color-mode-dark'] : [])];
}

function rootRules(sheets: Iterable<CSSStyleSheet>): CSSStyleRule[] {
  const rules: CSSStyleRule[] = [];
  for (const sheet of sheets) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // a cross-origin sheet cannot be read
    }
    for (const rule of Array.from(list)) {
      if (rule instanceof CSSStyleRule && rule.selectorText.includes(':root')) rules.push(rule);
    }
  }
  return rules;
}

/** Name → declared value (possibly `var(--other)`), in cascade order of the file, for one theme and mode. */
export function paletteOf(theme: SidebarTheme, mode: ColorMode, sheets: Iterable<CSSStyleSheet> = document.styleSheets): Map<string, string> {
  // A detached element stands in for <html>: it matches the same selectors once ':root' names it by a class.
  const standIn = document.createElement('div');
  standIn.classList.add(STAND_IN, ...rootClasses(theme, mode));
  const palette = new Map<string, string>();
  for (const rule of rootRules(sheets)) {
    let matches = false;
    try {
      matches = standIn.matches(rule.selectorText.replaceAll(':root', `.${STAND_IN}`));
    } catch {
      matches = false;
    }
    if (!matches) continue;
    for (const name of Array.from(rule.style)) {
      if (name.startsWith('--') && !NOT_COLOURS.test(name)) palette.set(name, rule.style.getPropertyValue(name).trim());
    }
  }
  return palette;
}
