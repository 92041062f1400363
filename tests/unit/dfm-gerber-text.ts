import type { DfmPlace } from '../../src/contract/dfm';
import { analyseFiles } from '../../server/gerber/pipeline';

/** Small Gerber and Excellon files written out in full, for the DFM tests that draw the smallest board showing a case. */

export type Point = [number, number];
export const coord = (value: number) => String(Math.round(value * 1e6));
export const xy = ([x, y]: Point) => `X${coord(x)}Y${coord(y)}`;

export function gerber(apertures: string[], body: string[]): string {
  return ['%FSLAX46Y46*%', '%MOMM*%', '%LPD*%', 'G01*', ...apertures, ...body, 'M02*', ''].join('\n');
}

export const line = (from: Point, to: Point) => [`${xy(from)}D02*`, `${xy(to)}D01*`];

export function drill(holes: [number, Point[]][]): string {
  return ['M48', 'METRIC,TZ', ...holes.map(([diameter], index) => `T${index + 1}C${diameter.toFixed(3)}`), '%', 'G90', 'G05',
    ...holes.flatMap(([, points], index) => [`T${index + 1}`, ...points.map(([x, y]) => `X${x.toFixed(3)}Y${y.toFixed(3)}`)]), 'M30', ''].join('\n');
}

/** The DFM places the whole pipeline finds in `files` (name → text), each named by its file's name; no board size. */
export async function places(files: Record<string, string>): Promise<DfmPlace[]> {
  const sources = Object.entries(files).map(([name, text], index) => ({ id: `f${index}`, name, content: new TextEncoder().encode(text) }));
  const result = await analyseFiles(sources, null, () => undefined);
  const names = new Map(sources.map((source) => [source.id, source.name]));
  return result.dfm.places.filter((place) => place.rule !== 'boardSize').map((place) => ({ ...place, fileId: names.get(place.fileId ?? '') ?? null }));
}
