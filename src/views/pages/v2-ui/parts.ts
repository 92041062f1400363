/** The six showcase pages of /v2/ui, in the order of their nav. */
export const SHOWCASE_PARTS = ['buttons', 'colors', 'dropdown', 'form', 'icons', 'panel'] as const;
export type ShowcasePart = (typeof SHOWCASE_PARTS)[number];

export function isShowcasePart(value: string | undefined): value is ShowcasePart {
  return SHOWCASE_PARTS.some((part) => part === value);
}

/** '/v2/ui/form' (or '/en/v2/ui/form') → 'form'; anything else → the first part. */
export function partOfPath(path: string): ShowcasePart {
  const last = path.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return isShowcasePart(last) ? last : 'buttons';
}

/** The route (and page title key) of a part: 'form' → 'v2Form', as routes.ts names them. */
export function routeName(part: ShowcasePart): string {
  return `v2${part.charAt(0).toUpperCase()}${part.slice(1)}`;
}
