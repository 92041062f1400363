import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyEventObject, type EventObject } from 'xstate';
import type { UploadState } from '../../src/contract/board-files';
import type { BomSummary, PriceQuote, Project } from '../../src/contract/projects';
import { priceQuoteMachine, type FetchQuoteInput } from '../../src/machines/price-quote/price-quote';
import { SAMPLE_QUOTE } from '../../src/machines/price-quote/samples';
import { wizardBoardMachine } from '../../src/machines/wizard-board/wizard-board';
import type {
  ApplyLayersInput, ReadBomInput, SaveProjectInput, UploadFilesInput, WatchProcessingInput, WizardBoardEvent,
  WizardBoardInput,
} from '../../src/machines/wizard-board/wizard-board-types';
import { deferred } from '../deferred';

type Call<Input, Output> = { input: Input; call: ReturnType<typeof deferred<Output>> };

/** A streaming actor the test drives: its inputs, and the sendBack of the running one. */
function streamed<Input>() {
  const inputs: Input[] = [];
  let sendBack: (event: AnyEventObject) => void = () => {};
  const logic = fromCallback<EventObject, Input>(({ input, sendBack: send }) => {
    inputs.push(input);
    sendBack = send;
  });
  return { logic, inputs, send: (event: WizardBoardEvent) => sendBack(event) };
}

function held<Input, Output>() {
  const calls: Array<Call<Input, Output>> = [];
  const logic = fromPromise<Output, Input>(({ input }) => {
    const call = deferred<Output>();
    calls.push({ input, call });
    return call.promise;
  });
  return { logic, calls, last: () => calls[calls.length - 1] };
}

/**
 * The wizard with every side effect replaced: uploads and processing are driven through their callback actors'
 * sendBack, gateway calls are settled by hand, the price answers at once on a simulated clock.
 */
export function startWizard(input: WizardBoardInput = { clientId: 1, editing: null }) {
  const clock = new SimulatedClock();
  const upload = streamed<UploadFilesInput>();
  const processing = streamed<WatchProcessingInput>();
  const applyLayers = held<ApplyLayersInput, UploadState>();
  const readBom = held<ReadBomInput, BomSummary>();
  const saveProject = held<SaveProjectInput, Project>();
  const quotes: FetchQuoteInput[] = [];
  const projectSaved = vi.fn<(project: Project) => void>();
  const machine = wizardBoardMachine.provide({
    actors: {
      quote: priceQuoteMachine.provide({
        actors: {
          fetchQuote: fromPromise<PriceQuote, FetchQuoteInput>(({ input: asked }) => {
            quotes.push(asked);
            return Promise.resolve(SAMPLE_QUOTE);
          }),
        },
      }),
      uploadFiles: upload.logic,
      watchProcessing: processing.logic,
      applyLayers: applyLayers.logic,
      readBom: readBom.logic,
      saveProject: saveProject.logic,
    },
    actions: { projectSaved: (_, params) => projectSaved(params.project) },
  });
  const actor = createActor(machine, { input, clock });
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const send = (event: WizardBoardEvent) => actor.send(event);
  const snapshot = () => actor.getSnapshot();
  const context = () => actor.getSnapshot().context;
  const quoteSnapshot = () => actor.getSnapshot().children.quote?.getSnapshot();
  return {
    actor, clock, upload, processing, applyLayers, readBom, saveProject, quotes, projectSaved, settle, send, snapshot,
    context, quoteSnapshot,
  };
}

export type WizardHarness = ReturnType<typeof startWizard>;
