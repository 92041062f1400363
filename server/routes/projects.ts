import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Projects: list, get, create, update, status, favourite, duplicate, cart, price, BOM (issue 6). */
export function registerProjectRoutes(_app: FastifyInstance, _ctx: GatewayContext): void {}
