import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Project } from '../../src/contract/projects';
import { quoteMachine } from '../../src/machines/quote/quote';
import type { ClaimInput, PendingQuote, QuoteOutcome } from '../../src/machines/quote/quote-types';
import { boardToKeep, freshContext, resumedContext } from '../../src/machines/wizard-board/wizard-board-rules';
import { SAMPLE_CLAIMED, SAMPLE_ORDER, SAMPLE_ORDERED, SAMPLE_PENDING, SAMPLE_PENDING_BY_HAND } from '../../src/machines/quote/samples';
import { SAMPLE_ANALYSIS, SAMPLE_RESUME_MANUAL, SAMPLE_RESUME_UPLOAD } from '../../src/machines/wizard-board/samples';
import { deferred } from '../deferred';

/** The flow with storage, navigation and the claim recorded, as the page supplies them. */
function startFlow(signedIn: boolean, stored: PendingQuote | null) {
  const log: string[] = [];
  const claims: Array<{ input: ClaimInput; call: ReturnType<typeof deferred<QuoteOutcome>> }> = [];
  const machine = quoteMachine.provide({
    actors: {
      restorePending: fromPromise(async () => stored),
      claim: fromPromise<QuoteOutcome, ClaimInput>(({ input }) => {
        const call = deferred<QuoteOutcome>();
        claims.push({ input, call });
        return call.promise;
      }),
    },
    actions: {
      storePending: (_, { pending }: { pending: PendingQuote | null }) => log.push(`store ${pending?.title ?? 'nothing'}`),
      goToSignIn: () => log.push('sign in'),
      goToProject: (_, { project }: { project: Project }) => log.push(`project ${project.id}`),
      goToCart: (_, { dfmReview }: { dfmReview: boolean }) => log.push(`cart${dfmReview ? ' for review' : ''}`),
    },
  });
  const actor = createActor(machine, { input: { signedIn } });
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, log, claims, settle };
}

describe('the instant quote: from a price to a project', () => {
  it('a visitor who orders is sent to sign in with the quote kept for the way back', async () => {
    const flow = startFlow(false, null);
    await flow.settle();
    expect(flow.actor.getSnapshot().value).toBe('quoting');
    flow.actor.send({ type: 'quote.order', pending: SAMPLE_PENDING });
    expect(flow.actor.getSnapshot().value).toBe('signingIn');
    expect(flow.log).toEqual(['store arduino-uno', 'sign in']);
    // Nothing is claimed for someone not signed in.
    flow.actor.send({ type: 'quote.pickClient', clientId: 1 });
    expect(flow.claims).toHaveLength(0);
  });

  it('back from the sign-in, the kept quote goes straight to the client choice, then is claimed and forgotten', async () => {
    const flow = startFlow(true, SAMPLE_PENDING);
    await flow.settle();
    expect(flow.actor.getSnapshot().value).toBe('choosingClient');
    flow.actor.send({ type: 'quote.pickClient', clientId: 3 });
    expect(flow.actor.getSnapshot().value).toBe('claiming');
    expect(flow.claims[0]?.input).toEqual({ pending: SAMPLE_PENDING, clientId: 3 });
    flow.claims[0]?.call.resolve(SAMPLE_CLAIMED);
    await flow.settle();
    expect(flow.actor.getSnapshot().value).toBe('claimed');
    expect(flow.log).toEqual(['store nothing', `project ${SAMPLE_CLAIMED.project.id}`]);
  });

  it('\'Заказать\' ends in the cart, not a project page, and says when the board goes for an engineer\'s review', async () => {
    const flow = startFlow(true, SAMPLE_ORDER);
    await flow.settle();
    expect(flow.actor.getSnapshot().value).toBe('choosingClient');
    flow.actor.send({ type: 'quote.pickClient', clientId: 3 });
    expect(flow.claims[0]?.input).toEqual({ pending: SAMPLE_ORDER, clientId: 3 });
    flow.claims[0]?.call.resolve(SAMPLE_ORDERED);
    await flow.settle();
    expect(flow.actor.getSnapshot().value).toBe('claimed');
    expect(flow.log).toEqual(['store nothing', 'cart for review']);
  });

  it('a refused claim comes back to the choice with the gateway\'s message, the quote still kept', async () => {
    const flow = startFlow(true, SAMPLE_PENDING);
    await flow.settle();
    flow.actor.send({ type: 'quote.pickClient', clientId: 3 });
    flow.claims[0]?.call.reject(new Error('Загрузка файлов платы не найдена'));
    await flow.settle();
    expect(flow.actor.getSnapshot().value).toBe('choosingClient');
    expect(flow.actor.getSnapshot().context).toMatchObject({ error: 'Загрузка файлов платы не найдена', pending: SAMPLE_PENDING });
    expect(flow.log).toEqual([]);
  });

  it('a signed-in user orders a hand-entered board without leaving; cancelling forgets the kept quote', async () => {
    const flow = startFlow(true, null);
    await flow.settle();
    expect(flow.actor.getSnapshot().value).toBe('quoting');
    flow.actor.send({ type: 'quote.order', pending: SAMPLE_PENDING_BY_HAND });
    expect(flow.actor.getSnapshot().value).toBe('choosingClient');
    flow.actor.send({ type: 'quote.cancel' });
    expect(flow.actor.getSnapshot().value).toBe('quoting');
    expect(flow.actor.getSnapshot().context.pending).toBeNull();
    expect(flow.log).toEqual(['store nothing']);
  });
});

describe('the board /quote keeps for a reload', () => {
  const base = resumedContext(null, SAMPLE_RESUME_UPLOAD);

  it('keeps an upload the gateway has, analysed or still processing, with the parameters and title as they are', () => {
    const params = { ...base.params, quantity: 40 };
    expect(boardToKeep({ ...base, params, title: 'Моя плата' })).toEqual({ ...SAMPLE_RESUME_UPLOAD, params, title: 'Моя плата' });
    expect(boardToKeep({ ...base, analysis: SAMPLE_ANALYSIS })).toEqual(SAMPLE_RESUME_UPLOAD);
  });

  it('keeps parameters by hand, and nothing before a way is chosen, before the gateway has the upload, or after it failed', () => {
    expect(boardToKeep(resumedContext(null, SAMPLE_RESUME_MANUAL))).toEqual(SAMPLE_RESUME_MANUAL);
    expect(boardToKeep(freshContext(null))).toBeNull();
    expect(boardToKeep({ ...base, uploadId: null })).toBeNull();
    expect(boardToKeep({ ...base, error: 'Обработка не удалась' })).toBeNull();
  });
});
