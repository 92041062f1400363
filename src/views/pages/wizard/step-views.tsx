import type { JSX } from 'react';
import type { WizardStepId } from '../../../machines/wizard-board/wizard-board-types';
import { FilesStep } from './files-step';
import { LayersStep } from './layers-step';
import { OrderStep } from './order-step';
import { ParametersStep } from './parameters-step';
import { StackupStep } from './stackup-step';
import { SummaryStep } from './summary-step';
import { WayStep } from './way-step';

/** The view of each wizard step; /quote uses the same ones with a summary of its own. */
export const WIZARD_STEP_VIEWS: Record<WizardStepId, () => JSX.Element> = {
  way: WayStep,
  files: FilesStep,
  layers: LayersStep,
  stackup: StackupStep,
  parameters: ParametersStep,
  order: OrderStep,
  summary: SummaryStep,
};
