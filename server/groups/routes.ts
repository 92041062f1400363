import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/groups';
import type { GatewayContext } from '../context';
import { registerCall, signedIn } from '../http/register-call';
import {
  addParticipant, createGroup, deleteGroup, directoryOf, getGroup, removeParticipant, renameGroup, setGroupImage,
  setParticipantRole, sharesGroup, transferOwnership,
} from './groups';
import { addContact, findPeople, getPerson, removeContact, setPrivacy } from './people';

const OK = { ok: true as const };

/** The group and users popup on real data. */
export function registerGroupRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const { db } = ctx;
  const me = (input: Parameters<typeof signedIn>[0]) => signedIn(input).userId;

  registerCall(app, ctx, contract.getGroupDirectory, async (input) => directoryOf(db, me(input)));
  registerCall(app, ctx, contract.getGroup, async (input) => getGroup(db, me(input), Number(input.query.id)));
  registerCall(app, ctx, contract.getPerson, async (input) => {
    const viewerId = me(input);
    return getPerson(db, viewerId, Number(input.query.userId), (userId) => sharesGroup(db, viewerId, userId));
  });
  registerCall(app, ctx, contract.findPeople, async (input) => findPeople(db, me(input), input.body.search));

  registerCall(app, ctx, contract.createGroup, async (input) => createGroup(ctx, me(input), input.body.name));
  registerCall(app, ctx, contract.renameGroup, async (input) => renameGroup(db, me(input), input.body.groupId, input.body.name));
  registerCall(app, ctx, contract.setGroupImage, async (input) =>
    setGroupImage(ctx, me(input), input.body.groupId, input.body.dataUrl), { bodyLimit: contract.GROUP_IMAGE_BODY_LIMIT + 1024 });
  registerCall(app, ctx, contract.addParticipant, async (input) => addParticipant(ctx, me(input), input.body));
  registerCall(app, ctx, contract.setParticipantRole, async (input) => setParticipantRole(db, me(input), input.body));
  registerCall(app, ctx, contract.removeParticipant, async (input) => removeParticipant(db, me(input), input.body));
  registerCall(app, ctx, contract.transferOwnership, async (input) => transferOwnership(db, me(input), input.body));
  registerCall(app, ctx, contract.deleteGroup, async (input) => {
    await deleteGroup(db, me(input), input.body.groupId);
    return OK;
  });

  registerCall(app, ctx, contract.addContact, async (input) => addContact(db, me(input), input.body.userId));
  registerCall(app, ctx, contract.removeContact, async (input) => removeContact(db, me(input), input.body.userId));
  registerCall(app, ctx, contract.setPrivacy, async (input) => setPrivacy(db, me(input), input.body));
}
