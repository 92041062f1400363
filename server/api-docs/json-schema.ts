import { Struct, type StructError } from 'superstruct';
import { unionMembers } from '../../src/contract/union';

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 takes it) of a contract struct. superstruct keeps an object's fields, an
 * array's element, an enum's values and a literal in the struct, but a refinement (size, pattern, min, max) only as a
 * check: its bounds are read from the messages it gives for values just outside them, which name them. A refinement
 * of the contract's own (refine) adds no keyword: the schema is its base type's.
 */
export type JsonSchema = { [key: string]: unknown };
type RefinerContext = Parameters<Struct<unknown, unknown>['refiner']>[1];
type Failure = ReturnType<StructError['failures']>[number];

/** What is read of a struct: its kind and schema, its entries and its checks (any Struct<T, S> is one). */
interface AnyStruct {
  type: string;
  schema: unknown;
  entries: Struct<unknown, unknown>['entries'];
  coercer: object;
  /** A method, so a Struct<T> of any T is one (its refiner takes T). */
  refiner(value: unknown, context: RefinerContext): Iterable<Failure>;
  validate(value: unknown): [StructError, undefined] | [undefined, unknown];
}

/** Values a string refinement is tried with: too short for any size above 0, too long for any bound the contract sets. */
let longProbes: readonly string[] | null = null;
const stringProbes = () => (longProbes ??= ['', '\u0000', 'x'.repeat(1_000_001)]);
const NUMBER_PROBES = [-1e300, 1e300, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 2_147_483_648, -1, 0, 0.5];

function failuresOf(struct: AnyStruct, value: unknown): ReturnType<StructError['failures']> {
  const [error] = struct.validate(value);
  return error ? error.failures() : [];
}

const accepts = (struct: AnyStruct, value: unknown) => failuresOf(struct, value).length === 0;


/** The refinements' failures alone for `value`: a list's items or an object's fields are not checked first. */
function refinementFailures(struct: AnyStruct, value: unknown): Failure[] {
  try {
    return [...struct.refiner(value, { branch: [value], path: [] })];
  } catch {
    // A refinement that cannot take a probe of another kind names no bound.
    return [];
  }
}

/** Bounds, patterns and limits named by the refinements' messages for `probes`. */
function refinementsOf(struct: AnyStruct, probes: readonly unknown[], kind: 'length' | 'value' | 'items'): JsonSchema {
  const schema: JsonSchema = {};
  const patterns = new Set<string>();
  const [lower, upper] = kind === 'length' ? ['minLength', 'maxLength'] : kind === 'items' ? ['minItems', 'maxItems'] : ['minimum', 'maximum'];
  for (const probe of probes) {
    for (const failure of refinementFailures(struct, probe)) {
      const message = failure.message;
      if (failure.refinement === 'size') {
        const between = /between `([^`]+)` and `([^`]+)`/.exec(message);
        const exactly = /(?:of|length of) `([^`]+)` but/.exec(message);
        const bounds = between ? [between[1], between[2]] : exactly ? [exactly[1], exactly[1]] : null;
        if (bounds) {
          schema[lower] = Number(bounds[0]);
          if (Number.isFinite(Number(bounds[1]))) schema[upper] = Number(bounds[1]);
        }
      } else if (failure.refinement === 'pattern') {
        const start = message.indexOf('matching `/');
        const end = message.lastIndexOf('/` but received');
        if (start !== -1 && end > start) patterns.add(message.slice(start + 'matching `/'.length, end));
      } else if (failure.refinement === 'min' || failure.refinement === 'max') {
        const bound = /than (or equal to )?(-?[\d.e+]+) but/.exec(message);
        if (bound) {
          const inclusive = bound[1] !== undefined;
          const key = failure.refinement === 'min' ? (inclusive ? 'minimum' : 'exclusiveMinimum') : (inclusive ? 'maximum' : 'exclusiveMaximum');
          schema[key] = Number(bound[2]);
        }
      }
    }
  }
  const [first, ...more] = [...patterns];
  if (first !== undefined) schema.pattern = first;
  if (more.length > 0) schema.allOf = more.map((pattern) => ({ pattern }));
  return schema;
}

/** A type of the contract's own (define): what kind of value it takes, told by trying one of each. */
function definedType(struct: AnyStruct): JsonSchema {
  if (accepts(struct, 1) || accepts(struct, 2_147_483_647)) {
    const type = accepts(struct, 0.5) ? 'number' : 'integer';
    return { type, ...refinementsOf(struct, NUMBER_PROBES, 'value') };
  }
  if (accepts(struct, 'a') || accepts(struct, '')) return { type: 'string', ...refinementsOf(struct, stringProbes(), 'length') };
  if (accepts(struct, true)) return { type: 'boolean' };
  return {};
}

function isStruct(value: unknown): value is Struct<unknown, unknown> {
  return value instanceof Struct;
}

function objectSchema(struct: AnyStruct, closed: boolean): JsonSchema {
  const fields = struct.schema;
  if (fields === null || typeof fields !== 'object') return { type: 'object' };
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (!isStruct(field)) continue;
    properties[name] = toJsonSchema(field);
    if (!accepts(field, undefined)) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...(closed ? { additionalProperties: false } : {}) };
}

/** A record's key and value structs, as it hands them out for checking a one-entry object. */
function recordSchema(struct: AnyStruct): JsonSchema {
  const parts = [...struct.entries({ key: null }, { branch: [], path: [] })].map((entry) => entry[2]);
  const value = parts[1];
  return { type: 'object', ...(isStruct(value) ? { additionalProperties: toJsonSchema(value) } : {}) };
}

function baseSchema(struct: AnyStruct): JsonSchema {
  switch (struct.type) {
    case 'string': return { type: 'string', ...refinementsOf(struct, stringProbes(), 'length') };
    case 'number': return { type: 'number', ...refinementsOf(struct, NUMBER_PROBES, 'value') };
    case 'integer': return { type: 'integer', ...refinementsOf(struct, NUMBER_PROBES, 'value') };
    case 'boolean': return { type: 'boolean' };
    case 'literal': return { const: struct.schema };
    case 'enums': return { enum: Object.values(struct.schema as Record<string, unknown>) };
    case 'object': return objectSchema(struct, true);
    case 'type': return objectSchema(struct, false);
    case 'record': return recordSchema(struct);
    case 'array': return {
      type: 'array', ...(isStruct(struct.schema) ? { items: toJsonSchema(struct.schema) } : {}),
      ...refinementsOf(struct, [[], new Array<undefined>(100_001)], 'items'),
    };
    case 'date': return { type: 'string', format: 'date-time' };
    case 'union': {
      const members = unionMembers(struct);
      return members ? { anyOf: members.map(toJsonSchema) } : {};
    }
    case 'any': case 'unknown': return {};
    default: return definedType(struct);
  }
}

const cache = new WeakMap<AnyStruct, JsonSchema>();

export function toJsonSchema(struct: AnyStruct): JsonSchema {
  const known = cache.get(struct);
  if (known) return known;
  const base = baseSchema(struct);
  // nullable() keeps the struct's type and schema and lets null through: the schema says so.
  const nullable = struct.type !== 'any' && struct.type !== 'unknown' && !('const' in base && base.const === null) && accepts(struct, null);
  const schema = nullable ? { anyOf: [base, { type: 'null' }] } : base;
  cache.set(struct, schema);
  return schema;
}
