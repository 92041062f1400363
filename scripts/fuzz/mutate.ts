import type { AnyCall } from './calls';
import {
  BAD_JSON_TEXTS, ODD_CONTENT_TYPES, ODD_KEYS, ODD_NUMBER_LITERALS, ODD_NUMBERS, ODD_QUERY_STRINGS, ODD_QUERY_VALUES,
  ODD_STRINGS, ODD_VALUES,
} from './oddities';
import type { KnownValues } from './known';
import type { Random } from './random';
import { sampleOf } from './samples';

/** One request the fuzz sends: `kind` names the mutation for the report. */
export interface FuzzRequest {
  kind: string;
  /** Without the leading '?'; empty for none. */
  query: string;
  body?: string | Uint8Array;
  contentType?: string;
}

type Json = unknown;
type Path = readonly string[];
const PLACEHOLDER = 'FUZZ_RAW_PLACEHOLDER_7f3a';

/** Every place in a value a mutation can hit, the value itself excluded. */
function pathsOf(value: Json, path: Path = []): Path[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [[...path, key], ...pathsOf(inner, [...path, key])]);
}

const valueAt = (value: Json, path: Path): Json =>
  path.reduce<Json>((node, key) => (node && typeof node === 'object' ? (node as Record<string, Json>)[key] : undefined), value);

/** A copy of `root` with `path` set to `next` (or removed when `next` is undefined); keys like __proto__ become own keys. */
function withAt(root: Json, path: Path, next: Json | undefined): Json {
  const copy = structuredClone(root);
  if (path.length === 0) return next;
  const parent = valueAt(copy, path.slice(0, -1));
  const key = path[path.length - 1] ?? '';
  if (!parent || typeof parent !== 'object') return copy;
  if (next === undefined) delete (parent as Record<string, Json>)[key];
  else Object.defineProperty(parent, key, { value: next, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A path to a value that passes `test`, or any path, or the root when the body is empty. */
function pathWhere(random: Random, root: Json, test: (value: Json) => boolean): Path {
  const all = pathsOf(root);
  const fitting = all.filter((path) => test(valueAt(root, path)));
  if (fitting.length) return random.pick(fitting);
  if (all.length) return random.pick(all);
  return [random.pick(ODD_KEYS.filter((key) => key !== ''))];
}

const json = (value: Json, raw?: string) => {
  const text = JSON.stringify(value) ?? 'null';
  return raw === undefined ? text : text.replace(`"${PLACEHOLDER}"`, raw);
};

/**
 * Odd text in place of a string, or slipped into it: a lone surrogate inside an otherwise valid e-mail passes every
 * pattern and reaches the database.
 */
function oddText(random: Random, current: Json): string {
  const odd = random.pick(ODD_STRINGS);
  if (typeof current !== 'string' || current === '' || random.chance(0.4)) return odd;
  const at = random.int(current.length + 1);
  return `${current.slice(0, at)}${odd.slice(0, 8)}${current.slice(at)}`;
}

/** Mutations of a JSON body: each returns the body text and its kind. */
const bodyMutations: Record<string, (random: Random, base: Json) => string> = {
  valid: (_random, base) => json(base),
  'type-swap': (random, base) => json(withAt(base, pathWhere(random, base, () => true), random.pick(ODD_VALUES))),
  number: (random, base) => json(withAt(base, pathWhere(random, base, (v) => typeof v === 'number'), random.pick(ODD_NUMBERS))),
  'number-literal': (random, base) =>
    json(withAt(base, pathWhere(random, base, (v) => typeof v === 'number'), PLACEHOLDER), random.pick(ODD_NUMBER_LITERALS)),
  unicode: (random, base) => {
    const path = pathWhere(random, base, (v) => typeof v === 'string');
    return json(withAt(base, path, oddText(random, valueAt(base, path))));
  },
  deep: (random, base) => {
    const depth = random.pick([31, 33, 1000, 5000, 100_000]);
    return json(withAt(base, pathWhere(random, base, () => true), PLACEHOLDER), `${'['.repeat(depth)}${']'.repeat(depth)}`);
  },
  missing: (random, base) => json(withAt(base, pathWhere(random, base, () => true), undefined)),
  extra: (random, base) => {
    const objects = [[], ...pathsOf(base)].filter((path) => { const v = valueAt(base, path); return v && typeof v === 'object'; });
    const at = objects.length ? random.pick(objects) : [];
    return json(withAt(base, [...at, random.pick(ODD_KEYS)], random.pick(ODD_VALUES)));
  },
  'long-string': (random, base) => {
    const length = random.pick([256, 1001, 5000, 20_000, 70_000]);
    return json(withAt(base, pathWhere(random, base, (v) => typeof v === 'string'), random.pick(['x', 'я', '😀']).repeat(length)));
  },
  'array-flood': (random, base) => {
    const size = random.pick([50, 1000, 10_000]);
    const path = pathWhere(random, base, Array.isArray);
    const item = (valueAt(base, path) as Json[] | undefined)?.[0] ?? 1;
    return json(withAt(base, path, Array.from({ length: size }, () => item)));
  },
  'bad-json': (random) => random.pick(BAD_JSON_TEXTS),
  root: (random) => json(random.pick([[], null, 1, 'x', true, [{}], 1e308])),
  combo: (random, base) => {
    let value = base;
    for (let step = 0; step < 2 + random.int(3); step += 1) {
      const path = pathWhere(random, value, () => true);
      value = withAt(value, path, random.pick([...ODD_VALUES, ...ODD_NUMBERS, ...ODD_STRINGS, undefined]));
    }
    return json(value);
  },
};

/** Bytes that are not UTF-8: a lone-surrogate encoding, an overlong slash, a cut sequence, raw 0xFF. */
const BAD_UTF8 = [[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xff, 0xfe]];

function badUtf8Body(random: Random, base: Json): Uint8Array {
  const text = json(withAt(base, pathWhere(random, base, (v) => typeof v === 'string'), PLACEHOLDER));
  const [before = '', after = ''] = text.split(PLACEHOLDER);
  return Buffer.concat([Buffer.from(before), Buffer.from(random.pick(BAD_UTF8)), Buffer.from(after)]);
}

/** URL-encoded text; a lone surrogate, which encodeURIComponent refuses, goes as its (invalid) UTF-8 bytes. */
const urlEncode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
const encode = (entries: Array<[string, string]>) => entries.map(([key, value]) => `${urlEncode(key)}=${value}`).join('&');

function queryOf(random: Random, call: AnyCall, known: KnownValues): { query: string; kind: string } {
  const base = call.query ? (sampleOf(call.query, random, known) as Record<string, unknown>) : {};
  const entries = Object.entries(base).map(([key, value]): [string, string] => [key, urlEncode(String(value))]);
  const kind = random.pick(['valid', 'query-value', 'query-missing', 'query-extra', 'query-repeat', 'query-raw']);
  if (kind === 'query-value' && entries.length) {
    const index = random.int(entries.length);
    entries[index] = [entries[index]?.[0] ?? 'id', random.pick(ODD_QUERY_VALUES)];
  } else if (kind === 'query-missing' && entries.length) {
    entries.splice(random.int(entries.length), 1);
  } else if (kind === 'query-extra') {
    entries.push([random.pick(ODD_KEYS), random.pick(ODD_QUERY_VALUES)]);
  } else if (kind === 'query-repeat' && entries.length) {
    entries.push(random.pick(entries));
  } else if (kind === 'query-raw') {
    return { query: `${encode(entries)}&${random.pick(ODD_QUERY_STRINGS)}`, kind };
  }
  return { query: encode(entries), kind };
}

/**
 * The next request for `call`: its query mutated for GET calls (and sometimes for others), its body for the rest. The
 * body to mutate is often one the gateway accepted before (`accepted`), so mutations reach past the first refusal.
 */
export function mutateRequest(random: Random, call: AnyCall, known: KnownValues, accepted: readonly Json[] = []): FuzzRequest {
  const takesBody = call.method !== 'GET';
  if (!takesBody || (call.query && random.chance(0.3))) return queryOf(random, call, known);
  const base = accepted.length && random.chance(0.5) ? random.pick(accepted) : call.body ? sampleOf(call.body, random, known) : {};
  const query = call.query ? queryOf(random, call, known).query : '';
  const roll = random.next();
  if (roll < 0.05) return { kind: 'content-type', query, body: json(base), contentType: random.pick(ODD_CONTENT_TYPES) };
  if (roll < 0.1) return { kind: 'bad-utf8', query, body: badUtf8Body(random, base), contentType: 'application/json' };
  const [kind, mutate] = random.pick(Object.entries(bodyMutations));
  return { kind, query, body: mutate(random, base), contentType: 'application/json' };
}
