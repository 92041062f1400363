/** One line of a simulated payload: `secondFactorTypes` → `0, 2`; nested objects give dotted keys. */
export interface ReadableField {
  key: string;
  value: string;
}

const MAX_TEXT = 24;
const MAX_FIELDS = 8;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function scalar(value: unknown): string {
  if (typeof value === 'string') {
    // Tokens and ids are cut, so examples still differ visibly; blank or padded text is quoted to be seen.
    const text = value.length > MAX_TEXT ? `${value.slice(0, 8)}…` : value;
    return text.trim() === text && text !== '' ? text : `"${text}"`;
  }
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.map(scalar).join(', ') : '[]';
  if (isRecord(value)) return Object.keys(value).length ? JSON.stringify(value) : '{}';
  return String(value);
}

function fieldsOf(value: unknown, prefix: string): ReadableField[] {
  if (!isRecord(value) || (prefix && !Object.keys(value).length)) return [{ key: prefix, value: scalar(value) }];
  return Object.entries(value).flatMap(([key, item]) => fieldsOf(item, prefix ? `${prefix}.${key}` : key));
}

/** A gateway answer or an event's payload as key/value lines, the first few of them, for a reader rather than a parser. */
export function readableFields(value: unknown): ReadableField[] {
  const fields = fieldsOf(value, '');
  return fields.length > MAX_FIELDS ? [...fields.slice(0, MAX_FIELDS - 1), { key: '…', value: `+${fields.length - MAX_FIELDS + 1}` }] : fields;
}
