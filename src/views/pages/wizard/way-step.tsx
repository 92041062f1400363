import { useT } from '../../../services/i18n';
import { Icon } from '../../components/ui/icon';
import { useWizardSend } from './wizard-actor';
import { StepHeading } from './wizard-parts';

/** Step 1: files (the board is read from them) or parameters typed by hand. */
export function WayStep() {
  const t = useT();
  const send = useWizardSend();
  return (
    <section className="wizard-step" aria-labelledby="wizard-way-title">
      <StepHeading lead={t('wizard.way.lead')}>
        <span id="wizard-way-title">{t('wizard.way.title')}</span>
      </StepHeading>
      <div className="wizard-way">
        <button type="button" className="wizard-way__choice" onClick={() => send({ type: 'wizard.chooseFiles' })}>
          <Icon name="board" size={32} />
          <span className="wizard-way__name">{t('wizard.way.files.title')}</span>
          <span className="wizard-way__text">{t('wizard.way.files.text')}</span>
        </button>
        <button type="button" className="wizard-way__choice" onClick={() => send({ type: 'wizard.chooseManual' })}>
          <Icon name="menu" size={32} />
          <span className="wizard-way__name">{t('wizard.way.manual.title')}</span>
          <span className="wizard-way__text">{t('wizard.way.manual.text')}</span>
        </button>
      </div>
    </section>
  );
}
