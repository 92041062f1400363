import { expect } from 'vitest';
import type { Gateway } from '../../server/app';

/** The Prometheus text exposition format, parsed strictly enough to catch what a scraper would refuse. */

interface Sample { name: string; labels: Record<string, string>; value: number }
interface Family { type: string; samples: Sample[] }

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?|NaN|\\+Inf|-Inf)(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

/** Every line is a HELP, a TYPE, a sample of a declared family or empty; throws naming the first that is not. */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  for (const line of text.split('\n')) {
    if (line === '' || HELP.test(line)) continue;
    const type = TYPE.exec(line);
    if (type) {
      if (families.has(type[1] ?? '')) throw new Error(`family declared twice: ${line}`);
      families.set(type[1] ?? '', { type: type[2] ?? '', samples: [] });
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${line}`);
    const name = sample[1] ?? '';
    const family = [...families.entries()].find(([base, { type: kind }]) =>
      (SUFFIXES[kind] ?? ['']).some((suffix) => name === `${base}${suffix}`));
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)]
      .map((match) => [match[1] ?? '', match[2] ?? '']));
    family[1].samples.push({ name, labels, value: Number(sample[3]) });
  }
  return families;
}

export async function scrape(gw: Gateway, key: string): Promise<Map<string, Family>> {
  const answer = await gw.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Operator ${key}` } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(answer.body);
}

/** The value of the sample of that name (a histogram's `_count`, `_bucket` too) whose labels include these. */
export const value = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined =>
  [...families.values()].flatMap((family) => family.samples).find((sample) => sample.name === name
    && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted))?.value;
