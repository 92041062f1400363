/** A masked phone or address must not break across lines ('+7 (999) ***-' / '**-01'): use no-break spaces and hyphens. */
export function keepTogether(text: string): string {
  return text.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}
