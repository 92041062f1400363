import { useEffect, useState } from 'react';
import type { WizardStepId } from '../../../machines/wizard-board/wizard-board-types';
import { QuotePictureKey } from '../../../services/board-images';
import { inspectOption } from '../../../services/inspect-option';
import { fetchQuotePrice, keepBoardOf, quoteWizardBoardFlow } from '../../../services/quote';
import { readQuoteBoard, readQuoteKey } from '../../../services/quote-storage';
import { PriceSource } from '../../../services/price-source';
import { useStepFocus } from '../../components/ui/use-step-focus';
import { LivePrice } from '../wizard/live-price';
import { WIZARD_STEP_VIEWS } from '../wizard/step-views';
import { WizardActor } from '../wizard/wizard-actor';
import { WizardDfm } from '../wizard/wizard-dfm';
import { WizardStepsMenu } from '../wizard/wizard-steps-menu';
import { QuoteOrderButtons, QuoteSummaryStep } from './quote-summary-step';

/**
 * The wizard's own steps and components with the quote's calls. The DFM findings come with the layers step (the
 * dfm-ui part draws them there), so /quote shows them wherever the wizard does.
 */
const STEP_VIEWS = { ...WIZARD_STEP_VIEWS, summary: QuoteSummaryStep };

/** The price shows once there is a board to price: from the layers on, or at once for parameters by hand. */
const UNPRICED_STEPS: readonly WizardStepId[] = ['way', 'files', 'summary'];

/** The wizard on /quote, picking up the board a reload took off the screen. */
export function QuoteBoard() {
  const [resume] = useState(readQuoteBoard);
  return (
    <WizardActor.Provider logic={quoteWizardBoardFlow} options={{ input: { clientId: null, editing: null, resume }, inspect: inspectOption() }}>
      <QuoteLayout />
    </WizardActor.Provider>
  );
}

function QuoteLayout() {
  const wizard = WizardActor.useActorRef();
  useEffect(() => keepBoardOf(wizard), [wizard]);
  const step = WizardActor.useSelector((snapshot) => snapshot.context.step);
  // The key is stored by the first upload, before its answer reaches the machine: read afresh with each analysis.
  const key = WizardActor.useSelector((snapshot) => (snapshot.context.analysis ? readQuoteKey() : null));
  const focusRef = useStepFocus(step);
  const Step = STEP_VIEWS[step];
  const priced = !UNPRICED_STEPS.includes(step);
  return (
    <QuotePictureKey.Provider value={key}>
      <PriceSource.Provider value={fetchQuotePrice}>
        <div className={priced ? 'wizard wizard--priced quote-board' : 'wizard quote-board'}>
          <WizardDfm />
          <WizardStepsMenu />
          <div className="wizard__main" ref={focusRef}>
            <Step />
          </div>
          {priced ? (
            <aside className="wizard__price quote-board__price">
              <LivePrice />
              <QuoteOrderButtons />
            </aside>
          ) : null}
        </div>
      </PriceSource.Provider>
    </QuotePictureKey.Provider>
  );
}
