import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { alreadyFinishedError } from '../shared/samples';
import { accessRequestModalMachine } from './access-request-modal';
import {
  SAMPLE_ACCEPTED_REQUEST, SAMPLE_ACCESS_REQUEST, SAMPLE_DECLINED_REQUEST, SAMPLE_WATCHED_REQUEST,
} from './samples';

// Registry entry of the access-request modal; src/machines/index.ts lists it with the rest.

export const accessRequestModal = defineEntry({
  machine: accessRequestModalMachine,
  title: { ru: 'Запрос доступа', en: 'Access request' },
  screen: '*',
  place: 'notificationsClients',
  input: { requestId: 41 },
  events: [{ type: 'request.accept' }, { type: 'request.decline' }, { type: 'request.retry' }],
  actorOutputs: {
    loadAccessRequest: [SAMPLE_ACCESS_REQUEST, SAMPLE_WATCHED_REQUEST, SAMPLE_ACCEPTED_REQUEST, SAMPLE_DECLINED_REQUEST],
    decideAccessRequest: [SAMPLE_ACCEPTED_REQUEST, SAMPLE_DECLINED_REQUEST],
  },
  actorErrors: {
    loadAccessRequest: [sampleError({ ru: 'Запрос доступа не найден', en: 'Access request not found' }, { status: 404 })],
    decideAccessRequest: [
      sampleError({ ru: 'Недостаточно прав', en: 'Not enough rights' }, { status: 403, code: 'forbidden' }),
      alreadyFinishedError({ ru: 'Запрос уже рассмотрен', en: 'The request has already been decided' }),
    ],
  },
  graphContext: (context) => ({ status: context.request?.status, canDecide: context.request?.canDecide, decision: context.decision }),
  invariants: (snapshot) => {
    const { request, decision } = snapshot.context;
    return firstBroken([
      [!snapshot.matches('detail') || request?.status === 'pending', 'detail shows a pending request'],
      [!snapshot.matches('finished') || (request !== null && request.status !== 'pending'), 'finished shows a decided request'],
      [snapshot.matches('deciding') === (decision !== null), 'a decision is held exactly while deciding'],
      [!snapshot.matches('deciding') || request?.canDecide === true, 'only who may decide gets to deciding'],
    ]);
  },
});
