import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import { problemTextKey } from '../../../contract/board-checks';
import { isOrderField } from '../../../machines/wizard-board/wizard-board-rules';
import { useT } from '../../../services/i18n';
import { measuredParams } from '../../../services/wizard-measured';
import { textOr } from '../../components/board/texts';
import { TabPanel, Tabs } from '../../components/ui/tabs';
import { BoardFields, BoardSizeFields } from './board-fields';
import { MountingFields } from './mounting-fields';
import { PanelFields } from './panel-fields';
import { StencilFields } from './stencil-fields';
import { WizardActor, useMeasuredTexts, useWizardSend } from './wizard-actor';
import { WizardFindings } from './wizard-findings';
import { StepHeading, StepNav, WizardError } from './wizard-parts';

/** Step 5: the product type and its parameters; what the files told is marked, what cannot be made is said on the field. */
export function ParametersStep() {
  const t = useT();
  const send = useWizardSend();
  const productType = WizardActor.useSelector((snapshot) => snapshot.context.params.productType);
  const tabs = PRODUCT_TYPES.map((id) => ({ id, name: t(`wizard.productTypes.${id}`) }));
  return (
    <section className="wizard-step">
      <StepHeading lead={t('wizard.parameters.lead')}>{t('wizard.parameters.title')}</StepHeading>
      <WizardError />
      <Tabs<ProductType>
        tabs={tabs}
        value={productType}
        onValueChange={(next) => send({ type: 'wizard.setProductType', productType: next })}
        label={t('wizard.parameters.productType')}
      >
        <TabPanel value={productType} className="wizard-parameters">
          <p className="wizard-parameters__about">{t(`wizard.productTypes.about.${productType}`)}</p>
          {productType === 'stencil' ? <BoardSizeFields /> : <BoardFields />}
          {productType === 'panel' ? <PanelFields /> : null}
          {productType === 'stencil' ? <StencilFields /> : null}
          {productType === 'mounting' || productType === 'module' ? <MountingFields /> : null}
        </TabPanel>
      </Tabs>
      <ProblemSummary />
      <WizardFindings />
      <StepNav blockedReason={t('wizard.parameters.fixProblems')} />
    </section>
  );
}

/**
 * Every problem of this step in one list under the fields, each a button that takes focus to its field; problems
 * about the whole product (no field of their own) are only here.
 */
function ProblemSummary() {
  const t = useT();
  const problems = WizardActor.useSelector(
    (snapshot) => snapshot.context.problems.filter((problem) => !isOrderField(problem.field)),
    (a, b) => a.length === b.length && a.every((problem, index) => problem.field === b[index]?.field && problem.code === b[index]?.code),
  );
  const measured = measuredParams(useMeasuredTexts());
  if (problems.length === 0) return null;
  const focusField = (field: string) => {
    document.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };
  return (
    <div className="wizard-problems" role="region" aria-label={t('wizard.parameters.problemsTitle')}>
      <p className="wizard-problems__title">{t('wizard.parameters.problemsTitle')}</p>
      <ul className="wizard-problems__list">
        {problems.map((problem) => (
          <li key={`${problem.field}-${problem.code}`}>
            <button type="button" className="link-button" onClick={() => focusField(problem.field)}>
              {textOr(t, `wizard.fieldNames.${problem.field}`, 'wizard.fieldNames.general')}
            </button>
            {': '}
            {t(problemTextKey(problem.code), measured)}
          </li>
        ))}
      </ul>
    </div>
  );
}
