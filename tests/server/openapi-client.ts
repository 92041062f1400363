/**
 * A generic client of the portal's staff API written from its OpenAPI document alone (no contract import): it reads
 * /api/openapi.json, finds an operation by its operationId, checks the body against the operation's schema before
 * sending, calls it with an API key and checks the answer against the document too.
 */

type Schema = { [key: string]: unknown };
type Json = unknown;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function typeMatches(type: unknown, value: Json): boolean {
  switch (type) {
    case 'object': return isRecord(value);
    case 'array': return Array.isArray(value);
    case 'string': return typeof value === 'string';
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'number': return typeof value === 'number';
    case 'boolean': return typeof value === 'boolean';
    case 'null': return value === null;
    default: return true;
  }
}

/** What of JSON Schema the document uses: type, const, enum, anyOf, allOf, object, array, string and number bounds. */
export function schemaProblems(schema: Schema, value: Json, at = '$', root: Schema = schema): string[] {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), root);
    return isRecord(target) ? schemaProblems(target, value, at, root) : [`${at}: unresolved ${schema.$ref}`];
  }
  const problems: string[] = [];
  if ('type' in schema && !typeMatches(schema.type, value)) return [`${at}: not ${String(schema.type)}`];
  if ('const' in schema && schema.const !== value) problems.push(`${at}: not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${at}: not one of ${schema.enum.join(', ')}`);
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((option) => isRecord(option) && schemaProblems(option, value, at, root).length === 0)) {
    problems.push(`${at}: matches none of ${schema.anyOf.length} options`);
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) if (isRecord(part)) problems.push(...schemaProblems(part, value, at, root));
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) problems.push(`${at}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${at}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${at}: more than ${schema.maxItems} items`);
    if (isRecord(schema.items)) value.forEach((item, index) => problems.push(...schemaProblems(schema.items as Schema, item, `${at}[${index}]`, root)));
  }
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof name === 'string' && !(name in value)) problems.push(`${at}.${name}: missing`);
    }
    for (const [name, item] of Object.entries(value)) {
      // Own keys only: a body's '__proto__' or 'constructor' is not a field the schema names.
      const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
      if (isRecord(property)) problems.push(...schemaProblems(property, item, `${at}.${name}`, root));
      else if (schema.additionalProperties === false) problems.push(`${at}.${name}: not allowed`);
      else if (isRecord(schema.additionalProperties)) problems.push(...schemaProblems(schema.additionalProperties, item, `${at}.${name}`, root));
    }
  }
  return problems;
}

export interface Operation { method: string; path: string; roles: string[]; requestSchema: Schema | null; responseSchema: Schema | null }

export interface Answer { status: number; body: Json; problems: string[] }

export interface ApiClient {
  document: Schema;
  operation(operationId: string): Operation;
  /** Refuses (throws) a body the document says is wrong, without calling; `problems` lists how the answer breaks it. */
  call(operationId: string, body: Json): Promise<Answer>;
}

const jsonSchemaOf = (node: unknown): Schema | null => {
  const content = isRecord(node) && isRecord(node.content) ? node.content['application/json'] : undefined;
  return isRecord(content) && isRecord(content.schema) ? content.schema : null;
};

/** A client of the API whose document is at `${origin}/api/openapi.json`, calling with `Authorization: Bearer <key>`. */
export async function openApiClient(origin: string, key: string): Promise<ApiClient> {
  const answer = await fetch(`${origin}/api/openapi.json`);
  if (!answer.ok) throw new Error(`the document: ${answer.status}`);
  const document = (await answer.json()) as Schema;
  const servers = Array.isArray(document.servers) ? document.servers : [];
  // The document's own server names the public address; its path is where the calls live on any address.
  const basePath = isRecord(servers[0]) && typeof servers[0].url === 'string' ? new URL(servers[0].url).pathname.replace(/\/$/, '') : '';

  function operation(operationId: string): Operation {
    for (const [path, item] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
      for (const [method, op] of Object.entries(isRecord(item) ? item : {})) {
        if (!isRecord(op) || op.operationId !== operationId) continue;
        const ok = isRecord(op.responses) ? op.responses['200'] : undefined;
        return {
          method: method.toUpperCase(), path, roles: Array.isArray(op['x-roles']) ? op['x-roles'].map(String) : [],
          requestSchema: jsonSchemaOf(op.requestBody), responseSchema: jsonSchemaOf(ok),
        };
      }
    }
    throw new Error(`no operation ${operationId} in the document`);
  }

  async function call(operationId: string, body: Json): Promise<Answer> {
    const op = operation(operationId);
    if (op.requestSchema) {
      const problems = schemaProblems(op.requestSchema, body, '$', document);
      if (problems.length > 0) throw new Error(`${operationId}: the body breaks the document: ${problems.join('; ')}`);
    }
    const response = await fetch(`${origin}${basePath}${op.path}`, {
      method: op.method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const parsed: Json = await response.json();
    const schema = response.status === 200 ? op.responseSchema : { $ref: '#/components/schemas/Error' };
    return { status: response.status, body: parsed, problems: schema ? schemaProblems(schema, parsed, '$', document) : [] };
  }

  return { document, operation, call };
}
