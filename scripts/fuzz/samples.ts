import { is, type Struct } from 'superstruct';
import type { KnownValues } from './known';
import type { Random } from './random';

type AnyStruct = Struct<unknown, unknown>;

/** Strings a field of the contract may take: the first one a field's struct accepts is its valid sample. */
const STRING_CANDIDATES = [
  'demo@example.ru', 'fuzz.other@example.ru', '+79990000000', '+79161234567', '123456', '1234', '00000000-0000-4000-8000-000000000000', '2025-09-01T09:00:00.000Z',
  '7707083893', '770701001', '1027700132195', '044525225', '40702810900000000001', '30101810400000000225', '123456789012',
  'Fuzz-password-1', 'Тест', 'test', 'board.zip', 'a', '',
];
const NUMBER_CANDIDATES = [1, 2, 3, 5, 10, 20, 100, 0, 0.5];

const shapeOf = (struct: AnyStruct): Record<string, AnyStruct> => struct.schema as Record<string, AnyStruct>;

/**
 * A value `struct` accepts, built from what the database holds for a field of that name or from candidates (undefined
 * when none fits: the call then gets only broken bodies).
 */
export function sampleOf(struct: AnyStruct, random: Random, known: KnownValues, key = ''): unknown {
  const accepts = (value: unknown) => is(value, struct);
  const real = (known.get(key) ?? []).filter(accepts);
  if (real.length && random.chance(0.9)) return random.pick(real);
  switch (struct.type) {
    case 'object':
    case 'type': {
      const value: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(shapeOf(struct))) {
        // Optional fields are sent half of the time, so both paths of the handler are walked.
        if (is(undefined, field) && random.chance(0.5)) continue;
        value[name] = sampleOf(field, random, known, name);
        if (value[name] === undefined) delete value[name];
      }
      return value;
    }
    case 'array': {
      const items = random.int(3);
      const value = Array.from({ length: items }, () => sampleOf(struct.schema as AnyStruct, random, known, key));
      return accepts(value) ? value : [];
    }
    case 'enums':
      return random.pick(Object.values(struct.schema as Record<string, unknown>));
    case 'literal':
      return struct.schema;
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return anyAccepted(STRING_CANDIDATES, accepts, random) ?? lengthFitting(accepts);
    default: {
      // Numbers, integers and ids: small ids name rows the demo data holds.
      const numbers = anyAccepted(NUMBER_CANDIDATES, accepts, random);
      if (numbers !== undefined) return numbers;
      return accepts(null) ? null : undefined;
    }
  }
}

/** One of the accepted candidates, at random. */
function anyAccepted<T>(candidates: readonly T[], accepts: (value: T) => boolean, random: Random): T | undefined {
  const fitting = candidates.filter(accepts);
  return fitting.length ? random.pick(fitting) : undefined;
}

function lengthFitting(accepts: (value: unknown) => boolean): string | null | undefined {
  for (const length of [2, 3, 8, 12, 20, 40, 100]) {
    const value = 'x'.repeat(length);
    if (accepts(value)) return value;
  }
  return accepts(null) ? null : undefined;
}
