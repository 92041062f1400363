import { useT } from '../../../services/i18n';
import { isSchema, type Schema } from './api-document';

/** A JSON Schema of the document read as a list of fields: name, whether it is required, its type and bounds. */
export function SchemaFields({ schema }: { schema: Schema }) {
  const t = useT();
  const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : [];
  if (properties.length === 0) return <p className="developers__type">{describe(schema, t)}</p>;
  const required = Array.isArray(schema.required) ? schema.required : [];
  return (
    <ul className="developers__fields">
      {properties.map(([name, field]) => (
        <li key={name}>
          <code>{name}</code>{' '}
          <span className="developers__need">{t(required.includes(name) ? 'developers.required' : 'developers.optional')}</span>
          {isSchema(field) ? <FieldType schema={field} /> : null}
        </li>
      ))}
    </ul>
  );
}

function FieldType({ schema }: { schema: Schema }) {
  const t = useT();
  const inner = objectInside(schema);
  return (
    <>
      {' — '}<span className="developers__type">{describe(schema, t)}</span>
      {inner ? <SchemaFields schema={inner} /> : null}
    </>
  );
}

/** The object a field holds, itself or as a list's item, or a nullable's: its fields are listed below it. */
function objectInside(schema: Schema): Schema | null {
  if (isSchema(schema.properties)) return schema;
  if (isSchema(schema.items)) return objectInside(schema.items);
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf.filter(isSchema).filter((option) => option.type !== 'null');
    if (options.length === 1 && options[0]) return objectInside(options[0]);
  }
  return null;
}

type T = ReturnType<typeof useT>;

function bounds(schema: Schema, t: T): string {
  const [low, high] = schema.type === 'string' ? [schema.minLength, schema.maxLength]
    : schema.type === 'array' ? [schema.minItems, schema.maxItems] : [schema.minimum, schema.maximum];
  const parts = [
    typeof low === 'number' || typeof high === 'number' ? t('developers.bounds', { low: String(low ?? 0), high: String(high ?? '∞') }) : '',
    typeof schema.pattern === 'string' ? t('developers.pattern', { pattern: schema.pattern }) : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** One line saying what a value may be. */
export function describe(schema: Schema, t: T): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return t('developers.oneOf', { values: schema.enum.map((value) => JSON.stringify(value)).join(', ') });
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf.filter(isSchema);
    const nullable = options.some((option) => option.type === 'null');
    const text = options.filter((option) => option.type !== 'null').map((option) => describe(option, t)).join(t('developers.or'));
    return nullable ? t('developers.orNull', { type: text }) : text;
  }
  switch (schema.type) {
    case 'string': return t('developers.string') + bounds(schema, t);
    case 'integer': return t('developers.integer') + bounds(schema, t);
    case 'number': return t('developers.number') + bounds(schema, t);
    case 'boolean': return t('developers.boolean');
    case 'array': return t('developers.array', { item: isSchema(schema.items) ? describe(schema.items, t) : '…' }) + bounds(schema, t);
    case 'object': return t('developers.object');
    default: return t('developers.any');
  }
}
