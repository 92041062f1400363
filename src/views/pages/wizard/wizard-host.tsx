import { useEffect, useMemo, useState } from 'react';
import type { Project } from '../../../contract/projects';
import type { WizardStepId } from '../../../machines/wizard-board/wizard-board-types';
import { useHeaderInfo } from '../../../services/header-info';
import { inspectOption } from '../../../services/inspect-option';
import { t as translate, useT } from '../../../services/i18n';
import { refreshCounters, type SessionActor } from '../../../services/session';
import { showToast } from '../../../services/toasts';
import { readBoard, wizardBoardName } from '../../../services/board-storage';
import { wizardBoardFlow, keepWizardBoardOf } from '../../../services/wizard';
import { useSession, useSessionActor } from '../../components/session-context';
import { LivePrice } from './live-price';
import { SavedStep } from './saved-step';
import { WIZARD_STEP_VIEWS } from './step-views';
import { WizardActor } from './wizard-actor';
import { WizardDfm } from './wizard-dfm';
import { useStepFocus } from '../../components/ui/use-step-focus';
import { WizardStepsMenu } from './wizard-steps-menu';

function wizardFor(session: SessionActor) {
  return wizardBoardFlow.provide({
    actions: {
      projectSaved: (_, { project }: { project: Project }) => {
        // The gateway's verdict on the saved project: one that goes for a review is not called ready to order.
        const review = project.dfmVerdict === 'review' || project.dfmVerdict === 'option';
        const key = project.status !== 'actual' ? 'wizard.saved.toastDraft' : review ? 'wizard.saved.toastActualReview' : 'wizard.saved.toastActual';
        showToast({ kind: 'success', text: translate(key, { title: project.title }) });
        // The menu's 'Черновики' and 'Проекты' badges count this project now.
        refreshCounters(session);
      },
    },
  });
}

/** One run of the wizard for one client (or one project being changed). */
export function WizardHost({ clientId, editing }: { clientId: number; editing: Project | null }) {
  const session = useSessionActor();
  const logic = useMemo(() => wizardFor(session), [session]);
  // Another project after saving is a new run of the wizard: the saved one is not changed by it.
  const [run, setRun] = useState(0);
  // A new project's board outlives a reload and a closed tab; a project being changed is the gateway's.
  const userId = useSession((s) => s.context.user?.id ?? null);
  const kept = editing === null && userId !== null ? wizardBoardName(userId, clientId) : null;
  const [resume] = useState(() => (kept === null ? null : readBoard(kept)));
  const input = { clientId, editing: run === 0 ? editing : null, resume: run === 0 ? resume : null };
  return (
    <WizardActor.Provider key={run} logic={logic} options={{ input, inspect: inspectOption() }}>
      <WizardLayout onAnother={() => setRun((count) => count + 1)} kept={kept} />
    </WizardActor.Provider>
  );
}

function KeptBoard({ name }: { name: string }) {
  const wizard = WizardActor.useActorRef();
  useEffect(() => keepWizardBoardOf(wizard, name), [wizard, name]);
  return null;
}

const PRICED_STEPS: readonly WizardStepId[] = ['parameters', 'order'];

function WizardLayout({ onAnother, kept }: { onAnother: () => void; kept: string | null }) {
  const step = WizardActor.useSelector((snapshot) => snapshot.context.step);
  const saved = WizardActor.useSelector((snapshot) => snapshot.matches('saved'));
  useWizardHeader(saved);
  const focusRef = useStepFocus(saved ? 'saved' : step);
  const Step = WIZARD_STEP_VIEWS[step];
  const priced = !saved && PRICED_STEPS.includes(step);
  return (
    <div className={priced ? 'wizard wizard--priced' : 'wizard'}>
      {kept ? <KeptBoard name={kept} /> : null}
      <WizardDfm />
      <WizardStepsMenu />
      <div className="wizard__main" ref={focusRef}>
        {saved ? <SavedStep onAnother={onAnother} /> : <Step />}
      </div>
      {priced ? (
        <aside className="wizard__price">
          <LivePrice />
        </aside>
      ) : null}
    </div>
  );
}

/** The related-info bar: the project's title, the step's number of the way's total and its name. */
function useWizardHeader(saved: boolean) {
  const t = useT();
  const title = WizardActor.useSelector((snapshot) => snapshot.context.title.trim());
  const step = WizardActor.useSelector((snapshot) => snapshot.context.step);
  const stepIds = WizardActor.useSelector((snapshot) => snapshot.context.stepIds);
  const name = title || t('wizard.newProject');
  const stepTitle = saved ? t('wizard.saved.stepTitle') : t(`wizard.steps.${step}`);
  const stepNumber = saved ? stepIds.length : stepIds.indexOf(step) + 1;
  const info = useMemo(
    () => ({ isVisible: true, name, stepTitle, stepNumber, stepsTotal: stepIds.length, typeIco: 'wizard' as const }),
    [name, stepTitle, stepNumber, stepIds.length],
  );
  useHeaderInfo(info);
}
