import { useEffect, useState } from 'react';
import { useT } from '../../../services/i18n';
import { hasSeenWizardOnboarding, markWizardOnboardingSeen } from '../../../services/shell-prefs';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { Modal } from '../ui/modal';
import { WIZARD_VIDEO_URL } from './support-contacts';
import './shell.css';

/** The product spec's onboarding popup of the wizard: 600 px, shown on the first visit to /wizard-board only. */
export function WizardOnboarding() {
  const t = useT();
  // Remembered as soon as it shows: closing by Escape or the cross counts as seen too.
  const [open, setOpen] = useState(() => !hasSeenWizardOnboarding());
  useEffect(() => {
    if (open) markWizardOnboardingSeen();
  }, [open]);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={t('shell.onboarding.title')}
      width={600}
      footer={
        <Button onClick={() => setOpen(false)}>{t('shell.onboarding.ok')}</Button>
      }
    >
      <p>{t('shell.onboarding.intro')}</p>
      <div className="onboarding-video">
        {WIZARD_VIDEO_URL ? (
          <iframe src={WIZARD_VIDEO_URL} title={t('shell.onboarding.videoTitle')} allow="fullscreen; picture-in-picture" />
        ) : (
          <div className="onboarding-video__placeholder" role="img" aria-label={t('shell.onboarding.videoTitle')}>
            <Icon name="board" size={40} />
            <span>{t('shell.onboarding.videoUnavailable')}</span>
          </div>
        )}
      </div>
      <p>{t('shell.onboarding.outro')}</p>
    </Modal>
  );
}
