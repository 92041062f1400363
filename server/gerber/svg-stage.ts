import { createRequire } from 'node:module';
import type { ConverterResult, CreateElement } from '@pcb-portal/gerber-to-svg';

/**
 * The one use of a library's internal module: gerber-to-svg's plotter-to-SVG stage and its element builder, driven
 * synchronously (gerber-read.ts says why). Not in gerber-to-svg's public API, so it lives behind this file alone and
 * `tests/server/svg-stage.test.ts` fails when the vendored copy (vendor/tracespace) changes its shape.
 */
type Done = (error?: Error | null) => void;

export interface SyncStage<In> {
  push(chunk: unknown): boolean;
  _transform(chunk: In, encoding: string, done: Done): void;
  _flush(done: Done): void;
}

export type SvgStage<In> = ConverterResult & SyncStage<In>;
type SvgStageClass = new (id: string, attributes: Record<string, unknown>, createElement: CreateElement, objectMode: boolean) => SvgStage<unknown>;

const require = createRequire(import.meta.url);
const PlotterToSvgStage = require('@pcb-portal/gerber-to-svg/lib/plotter-to-svg') as SvgStageClass;
const xmlElementString = require('@pcb-portal/xml-element-string') as CreateElement;

/** A stage that turns plotter chunks into SVG text; `attributes` (the colour) may be set until it is flushed. */
export function createSvgStage<In>(id: string): SvgStage<In> {
  return new PlotterToSvgStage(id, {}, xmlElementString, false) as SvgStage<In>;
}

export const throwOnError: Done = (error) => {
  if (error) throw error;
};
