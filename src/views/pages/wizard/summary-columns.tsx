import type { ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { TextField, type TextFieldProps } from '../../components/form/text-field';
import { LivePrice } from './live-price';
import { ParamsSummary } from './params-summary';
import { WizardActor, useWizardSend } from './wizard-actor';

interface SummaryColumnsProps {
  /** How the title field guides: the wizard's asks for a title, the quote's takes the default. */
  titleField?: Pick<TextFieldProps, 'onBlur' | 'error' | 'hint'>;
  /** What stands under the price. */
  aside: ReactNode;
}

/** The summary's two columns: the project's title and what the board is; its live price and what goes with it. */
export function SummaryColumns({ titleField, aside }: SummaryColumnsProps) {
  const t = useT();
  const send = useWizardSend();
  const title = WizardActor.useSelector((snapshot) => snapshot.context.title);
  const params = WizardActor.useSelector((snapshot) => snapshot.context.params);
  return (
    <div className="wizard-summary">
      <div className="wizard-summary__main">
        <TextField
          label={t('wizard.summary.projectTitle')}
          value={title}
          maxLength={200}
          onValueChange={(value) => send({ type: 'wizard.setTitle', title: value })}
          {...titleField}
        />
        <ParamsSummary params={params} />
      </div>
      <div className="wizard-summary__price">
        <LivePrice />
        {aside}
      </div>
    </div>
  );
}
