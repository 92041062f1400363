import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/projects';
import { CLIENT_NOT_FOUND, requireClientAccess } from '../client-access/check';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';
import { translate } from '../http/messages';
import { registerCall, signedIn } from '../http/register-call';
import { PROJECT_NEEDS, requireProject } from './access';
import { countProjects, listProjects } from './list';
import { archived, createProject, priceForm, updateProject } from './save';
import { changeStatus, copyTitle, duplicateProject, setFavorite } from './status';
import { projectToWire } from './view';

/**
 * Projects: list, get, create, update, status, favourite, duplicate; adding one to the cart is the cart's. Access is
 * checked before the body's values, so a refused caller learns nothing about them; prices and BOM reading are the
 * pricing routes'.
 */
export function registerProjectRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.projectsListCount, async (input) =>
    ({ count: await countProjects(ctx.db, signedIn(input).userId, input.body) }));

  registerCall(app, ctx, contract.projectsList, async (input) => listProjects(ctx.db, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.getProject, async (input) => {
    const { row, role } = await requireProject(ctx.db, signedIn(input).userId, Number(input.query.id), 'member');
    return projectToWire(ctx.db, row.id, role);
  });

  registerCall(app, ctx, contract.createProject, async (input) => {
    const userId = signedIn(input).userId;
    const { clientId } = input.body;
    const membership = await requireClientAccess(ctx.db, { clientId }, userId, PROJECT_NEEDS.edit, CLIENT_NOT_FOUND);
    const form = priceForm(input.body);
    const id = await createProject(ctx.db, form, clientId, userId, ctx.now(), input.lang);
    return projectToWire(ctx.db, id, membership.role);
  });

  registerCall(app, ctx, contract.updateProject, async (input) => {
    const { row, role } = await requireProject(ctx.db, signedIn(input).userId, input.body.id, 'edit');
    if (input.body.clientId !== row.clientId) {
      throw new ApiError(400, 'projectClientFixed', {}, { field: 'clientId', code: 'clientFixed' });
    }
    if (row.status === 'archive') throw archived();
    await updateProject(ctx.db, row.id, priceForm(input.body), ctx.now(), input.lang);
    return projectToWire(ctx.db, row.id, role);
  });

  registerCall(app, ctx, contract.setProjectStatus, async (input) => {
    const { row, role } = await requireProject(ctx.db, signedIn(input).userId, input.body.id, 'edit');
    await changeStatus(ctx.db, row.id, input.body.status, ctx.now());
    return projectToWire(ctx.db, row.id, role);
  });

  registerCall(app, ctx, contract.setProjectFavorite, async (input) => {
    const { row } = await requireProject(ctx.db, signedIn(input).userId, input.body.id, 'member');
    await setFavorite(ctx.db, row.id, input.body.isFavorite);
    return { ok: true as const };
  });

  registerCall(app, ctx, contract.duplicateProject, async (input) => {
    const userId = signedIn(input).userId;
    const { row, role } = await requireProject(ctx.db, userId, input.body.id, 'edit');
    const title = copyTitle(row.title, translate(input.lang, 'projectCopySuffix'));
    const id = await duplicateProject(ctx.db, row, title, userId, ctx.now());
    return projectToWire(ctx.db, id, role);
  });
}
