import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { ShowcaseSection } from './section';

export function ButtonsPart() {
  const t = useT();
  const [busy, setBusy] = useState(true);
  return (
    <>
      {(['primary', 'secondary', 'link'] as const).map((variant) => (
        <ShowcaseSection key={variant} title={t(`ui.showcase.buttons.${variant}`)}>
          <Button variant={variant}>{t('ui.showcase.buttons.normal')}</Button>
          <Button variant={variant} disabled>
            {t('ui.showcase.buttons.disabled')}
          </Button>
          <Button variant={variant} busy>
            {t('ui.showcase.buttons.busy')}
          </Button>
        </ShowcaseSection>
      ))}
      <ShowcaseSection title={t('ui.showcase.buttons.toggle')}>
        <Button busy={busy}>{t('ui.showcase.buttons.save')}</Button>
        <Button variant="secondary" aria-pressed={busy} onClick={() => setBusy((value) => !value)}>
          {t('ui.showcase.buttons.toggleBusy')}
        </Button>
      </ShowcaseSection>
    </>
  );
}
