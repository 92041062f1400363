import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Upload, processing state, layer corrections, /streaming and /files/boards/ (issue 6). */
export async function registerBoardFileRoutes(_app: FastifyInstance, _ctx: GatewayContext): Promise<void> {}
