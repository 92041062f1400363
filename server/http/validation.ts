import { validate, type Failure, type Struct } from 'superstruct';
import { ApiError } from './errors';

type Part = 'body' | 'query';

const fieldOf = (path: readonly unknown[]): string => path.map(String).join('.');

const lengthBounds = (message: string): { min: number; max: number; length: number } | null => {
  const range = /between `(\d+)` and `(\d+)`/.exec(message) ?? /of `(\d+)`()/.exec(message);
  const length = /length of `(\d+)`/.exec(message);
  if (!range || !length) return null;
  const min = Number(range[1]);
  return { min, max: range[2] ? Number(range[2]) : min, length: Number(length[1]) };
};

/** Turns a superstruct failure into a 400 whose message names the field and what is wrong with it. */
function failureToError(failure: Failure, part: Part): ApiError {
  const field = fieldOf(failure.path);
  if (failure.path.length === 0) return new ApiError(400, 'bodyNotObject', {}, { code: `invalid_${part}` });
  const at = { field, code: 'invalid_field' };
  if (failure.type === 'never') return new ApiError(400, 'fieldUnknown', { field }, { ...at, code: 'unknown_field' });
  if (failure.value === undefined) return new ApiError(400, 'fieldMissing', { field }, { ...at, code: 'missing_field' });
  if (failure.refinement === 'size' && typeof failure.value === 'string') {
    const bounds = lengthBounds(failure.message);
    if (bounds && bounds.length > bounds.max) {
      return new ApiError(400, 'fieldTooLong', { field, max: bounds.max }, { ...at, code: 'too_long' });
    }
    if (bounds && bounds.length === 0) return new ApiError(400, 'fieldEmpty', { field }, { ...at, code: 'empty' });
    if (bounds) return new ApiError(400, 'fieldTooShort', { field, min: bounds.min }, { ...at, code: 'too_short' });
  }
  if (failure.refinement === 'size' && typeof failure.value === 'number') {
    const range = /between `(-?[\d.]+)` and `(-?[\d.]+)`/.exec(failure.message);
    if (range) return new ApiError(400, 'fieldRange', { field, min: Number(range[1]), max: Number(range[2]) }, { ...at, code: 'out_of_range' });
  }
  if (failure.refinement === 'size' && Array.isArray(failure.value)) {
    const bounds = lengthBounds(failure.message);
    if (bounds) return new ApiError(400, 'fieldItems', { field, min: bounds.min, max: bounds.max }, { ...at, code: 'bad_length' });
  }
  if (failure.refinement === 'range') {
    const range = /between `(-?[\d.]+)` and `(-?[\d.]+)`/.exec(failure.message);
    if (range) return new ApiError(400, 'fieldRange', { field, min: Number(range[1]), max: Number(range[2]) }, { ...at, code: 'out_of_range' });
  }
  if (failure.refinement === 'pattern') return new ApiError(400, 'fieldFormat', { field }, { ...at, code: 'bad_format' });
  if (failure.type === 'enums' || failure.type === 'literal') {
    return new ApiError(400, 'fieldValue', { field }, { ...at, code: 'bad_value' });
  }
  return new ApiError(400, 'fieldType', { field, expected: failure.type }, { ...at, code: 'wrong_type' });
}

/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not Unicode at all (jsonb refuses it, text turns it
 * into U+FFFD): such strings, values or keys, are refused up front instead of failing inside a query.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
const isForbiddenText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path of the first string (value or key) holding forbidden text; iterative, so no body can exhaust the stack. */
function findForbiddenText(root: unknown): string | null {
  const stack: Array<{ value: unknown; path: readonly string[] }> = [{ value: root, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      if (isForbiddenText(value)) return path.join('.');
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (isForbiddenText(key)) return [...path, key].join('.');
        stack.push({ value: inner, path: [...path, key] });
      }
    }
  }
  return null;
}

export function validateInput<T>(value: unknown, struct: Struct<T, unknown>, part: Part): T {
  const badAt = findForbiddenText(value);
  if (badAt !== null) throw new ApiError(400, 'fieldNul', { field: badAt }, { field: badAt, code: 'bad_format' });
  // A call that expects a body and got none is told which field it misses first, as for an empty object.
  const [error, result] = validate(value === undefined && part === 'body' ? {} : value, struct);
  if (error) throw failureToError(error.failures()[0] ?? error, part);
  return result;
}
