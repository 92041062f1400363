import { useQuery } from '@tanstack/react-query';

/** What the page reads of the gateway's OpenAPI document (server/api-docs/openapi.ts): calls, roles, schemas, events. */
export type Schema = { readonly [key: string]: unknown };

export interface ApiOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  roles: string[];
  body: Schema | null;
  response: Schema | null;
}

export interface ApiEvent { name: string; payload: Schema | null }

export interface ApiDocument { version: string; operations: ApiOperation[]; events: ApiEvent[] }

export const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const entriesOf = (value: unknown): [string, unknown][] => (isSchema(value) ? Object.entries(value) : []);
const jsonSchemaOf = (node: unknown): Schema | null => {
  const content = isSchema(node) && isSchema(node.content) ? node.content['application/json'] : undefined;
  return isSchema(content) && isSchema(content.schema) ? content.schema : null;
};

/** The document as the page shows it; anything it does not hold reads as absent, never as a crash. */
export function readDocument(raw: unknown): ApiDocument {
  const document = isSchema(raw) ? raw : {};
  const operations = entriesOf(document.paths).flatMap(([path, item]) => entriesOf(item).flatMap(([method, op]) => {
    if (!isSchema(op)) return [];
    const ok = isSchema(op.responses) ? op.responses['200'] : undefined;
    return [{
      operationId: String(op.operationId ?? ''), method: method.toUpperCase(), path,
      tag: Array.isArray(op.tags) ? String(op.tags[0] ?? '') : '',
      roles: Array.isArray(op['x-roles']) ? op['x-roles'].map(String) : [],
      body: jsonSchemaOf(op.requestBody), response: jsonSchemaOf(ok),
    }];
  }));
  const events = entriesOf(document.webhooks).map(([name, item]) => ({
    name, payload: isSchema(item) ? jsonSchemaOf(item.post && isSchema(item.post) ? item.post.requestBody : undefined) : null,
  }));
  const version = isSchema(document.info) ? String(document.info.version ?? '') : '';
  return { version, operations, events };
}

export const DOCUMENT_URL = '/api/openapi.json';

export function useApiDocument(): { document: ApiDocument | null; failed: boolean } {
  const { data, isError } = useQuery({
    queryKey: ['developers', 'openapi'],
    queryFn: async ({ signal }) => {
      const answer = await fetch(DOCUMENT_URL, { signal });
      if (!answer.ok) throw new Error(`${DOCUMENT_URL}: ${answer.status}`);
      return readDocument(await answer.json());
    },
  });
  return { document: data ?? null, failed: isError };
}
