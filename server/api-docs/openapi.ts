import type { CallDefinition } from '../../src/contract/call';
import { errorResponse } from '../../src/contract/fields';
import { API_KEY_PREFIX } from '../../src/contract/api-keys';
import { WEBHOOK_EVENTS, webhookPayload } from '../../src/contract/webhooks';
import { toJsonSchema, type JsonSchema } from './json-schema';

type Call = CallDefinition<unknown, unknown, unknown>;

/** Statuses every staff call may answer with the error shape, and what each means here. */
const ERRORS: Record<string, string> = {
  400: 'The body breaks the schema or a rule: `field` names the field, `code` says what is wrong.',
  401: 'No key or token, or one that is revoked, ended or unknown.',
  403: 'The key\'s or member\'s role may not make this call (see x-roles).',
  404: 'What the body names does not exist (`field` names it).',
  409: 'The change does not fit the current state (`code` says why).',
};

/** `/staff/api-keys/Create` → `staffApiKeysCreate`: stable as long as the path is. */
export function operationIdOf(path: string): string {
  const words = path.split(/[/-]/).filter((word) => word !== '');
  return words.map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join('');
}

/** `/staff/api-keys/Create` → `api-keys`; a call straight under /staff is in `staff`. */
export const tagOf = (path: string): string => path.split('/').filter((part) => part !== '').at(-2) ?? 'staff';

function operation(call: Call): JsonSchema {
  const roles = call.roles ?? [];
  const who = roles.length === 0 ? 'Any staff role.' : `Roles: ${roles.join(', ')}.`;
  const errors = Object.fromEntries(Object.entries(ERRORS).map(([status, description]) => [status, {
    description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  }]));
  return {
    operationId: operationIdOf(call.path),
    tags: [tagOf(call.path)],
    summary: call.path,
    description: who,
    'x-roles': roles.length === 0 ? ['engineer', 'manager', 'admin'] : [...roles],
    ...(call.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(call.body) } } } } : {}),
    responses: {
      200: { description: 'Done.', content: { 'application/json': { schema: toJsonSchema(call.response) } } },
      ...errors,
    },
  };
}

function webhooks(): JsonSchema {
  return Object.fromEntries(WEBHOOK_EVENTS.map((type) => [type, {
    post: {
      summary: type,
      description: 'Signed with the endpoint\'s secret as Standard Webhooks says (headers webhook-id, webhook-timestamp, webhook-signature).',
      requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(webhookPayload(type)) } } },
      responses: { 200: { description: 'Any 2xx answer: received. Anything else, or no answer in time: posted again later.' } },
    },
  }]));
}

/**
 * The OpenAPI 3.1 document of the staff calls a gateway serves (every `access: 'staff'` call registered, whichever
 * contract module it comes from) and of the webhooks it posts.
 */
export function openApiDocument(calls: readonly Call[], options: { publicUrl: string; version: string }): JsonSchema {
  const staffCalls = calls.filter((call) => call.access === 'staff');
  const paths: JsonSchema = {};
  for (const call of staffCalls) paths[call.path] = { [call.method.toLowerCase()]: operation(call) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'PCB Portal staff API',
      version: options.version,
      description:
        "Calls for the manufacturer's systems, each with the role it needs. " +
        `Authenticate with \`Authorization: Bearer ${API_KEY_PREFIX}…\` (an API key an admin creates) or a staff session's token.`,
    },
    servers: [{ url: `${options.publicUrl}/api` }],
    tags: [...new Set(staffCalls.map((call) => tagOf(call.path)))].map((name) => ({ name })),
    security: [{ bearer: [] }],
    paths,
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: `An API key (${API_KEY_PREFIX}…) or a staff session token (staff_…).` },
      },
      schemas: { Error: toJsonSchema(errorResponse) },
    },
  };
}
