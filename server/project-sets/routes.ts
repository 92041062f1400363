import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/project-sets';
import { CLIENT_NOT_FOUND, requireClientAccess } from '../client-access/check';
import type { GatewayContext } from '../context';
import { registerCall, signedIn } from '../http/register-call';
import { PROJECT_SET_NEEDS, requireProjectSet } from './access';
import { addProjectSetToCart } from './cart';
import {
  createProjectSet, deleteProjectSet, putProjectSetItem, removeProjectSetItem, renameProjectSet,
} from './change';
import { countProjectSets, listProjectSets } from './list';
import { projectSetToWire } from './view';

/**
 * Folders and kits: any member sees them, roles 1–4 change them, roles 1, 2, 3, 5 put a kit into their
 * own cart. Access is checked before the body's values, so a refused caller learns nothing about them.
 */
export function registerProjectSetRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.projectSetsListCount, async (input) =>
    ({ count: await countProjectSets(ctx.db, signedIn(input).userId, input.body) }));

  registerCall(app, ctx, contract.projectSetsList, async (input) => listProjectSets(ctx.db, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.getProjectSet, async (input) => {
    const { row } = await requireProjectSet(ctx.db, signedIn(input).userId, Number(input.query.id), 'member');
    return projectSetToWire(ctx.db, row.id);
  });

  registerCall(app, ctx, contract.createProjectSet, async (input) => {
    const userId = signedIn(input).userId;
    await requireClientAccess(ctx.db, { clientId: input.body.clientId }, userId, PROJECT_SET_NEEDS.edit, CLIENT_NOT_FOUND);
    const id = await createProjectSet(ctx.db, input.body, userId, ctx.now());
    return projectSetToWire(ctx.db, id);
  });

  registerCall(app, ctx, contract.renameProjectSet, async (input) => {
    const { row } = await requireProjectSet(ctx.db, signedIn(input).userId, input.body.id, 'edit');
    await renameProjectSet(ctx.db, row.id, input.body.name, ctx.now());
    return projectSetToWire(ctx.db, row.id);
  });

  registerCall(app, ctx, contract.deleteProjectSet, async (input) => {
    const { row } = await requireProjectSet(ctx.db, signedIn(input).userId, input.body.id, 'edit');
    await deleteProjectSet(ctx.db, row.id);
    return { ok: true as const };
  });

  registerCall(app, ctx, contract.putProjectSetItem, async (input) => {
    const { row } = await requireProjectSet(ctx.db, signedIn(input).userId, input.body.id, 'edit');
    await putProjectSetItem(ctx.db, row, input.body.projectId, input.body.quantity, ctx.now());
    return projectSetToWire(ctx.db, row.id);
  });

  registerCall(app, ctx, contract.removeProjectSetItem, async (input) => {
    const { row } = await requireProjectSet(ctx.db, signedIn(input).userId, input.body.id, 'edit');
    await removeProjectSetItem(ctx.db, row.id, input.body.projectId, ctx.now());
    return projectSetToWire(ctx.db, row.id);
  });

  registerCall(app, ctx, contract.addProjectSetToCart, async (input) => {
    const userId = signedIn(input).userId;
    const { row } = await requireProjectSet(ctx.db, userId, input.body.id, 'cart');
    return addProjectSetToCart(ctx.db, row, userId, ctx.now(), { lang: input.lang, review: input.body.dfmReview === true });
  });
}
