import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type {
  reserveConfirmationMachine, ReserveKind,
} from '../../../../machines/reserve-confirmation/reserve-confirmation';
import { formatPhone } from '../../../../services/phone-format';
import { useT } from '../../../../services/i18n';
import { inspectOption } from '../../../../services/inspect-option';
import { reserveConfirmationFlow } from '../../../../services/profile-account';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useHeldStep } from '../../auth/flow-hooks';
import { useFlowErrorState } from './flow-errors';
import { ReserveCodeStep, ReserveValueStep } from './reserve-steps';
import { useFormErrors } from './use-form-errors';

type ReserveActor = ActorRefFrom<typeof reserveConfirmationMachine>;
type View = 'settled' | 'value' | 'code';

function viewOf(snapshot: SnapshotFrom<typeof reserveConfirmationMachine>): View {
  if (snapshot.matches('editing')) return 'value';
  if (snapshot.matches('enteringCode') || snapshot.matches('confirming')) return 'code';
  return 'settled';
}

/** One reserve contact: its stored value, then add/change (value → code → confirmed), re-confirm, remove. */
export function ReserveContactRow({ kind, stored }: { kind: ReserveKind; stored: string | null }) {
  const t = useT();
  const actor = useActorRef(reserveConfirmationFlow, { input: { kind, stored }, inspect: inspectOption() });
  const current = useSelector(actor, viewOf);
  // While a code is being sent the step the user came from stays on screen, busy.
  const view = useHeldStep(current, useSelector(actor, (snapshot) => snapshot.matches('starting')));
  const value = useSelector(actor, (snapshot) => snapshot.context.stored);
  const confirmed = useSelector(actor, (snapshot) => snapshot.matches('confirmed'));
  const shown = kind === 'ReservePhone' ? formatPhone(value) : (value ?? '');
  return (
    <li className="profile-reserve">
      <div className="profile-reserve__summary">
        <h3 className="profile-card__subheading" id={`profile-reserve-${kind}`}>{t(`account.profile.reserve.label.${kind}`)}</h3>
        <p className="profile-reserve__value">
          <span className={shown ? undefined : 'profile-muted'}>{shown || t('account.profile.reserve.none')}</span>
          {confirmed ? <span className="profile-badge profile-badge--success" role="status">{t('account.profile.reserve.confirmed')}</span> : null}
        </p>
      </div>
      {view === 'settled' ? <SettledActions actor={actor} kind={kind} /> : null}
      {view === 'value' ? <ReserveValueStep actor={actor} /> : null}
      {view === 'code' ? <ReserveCodeStep actor={actor} /> : null}
    </li>
  );
}

function SettledActions({ actor, kind }: { actor: ReserveActor; kind: ReserveKind }) {
  const t = useT();
  const hasStored = useSelector(actor, (snapshot) => snapshot.context.stored !== null);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const errors = useFormErrors(useFlowErrorState(actor), []);
  const [asking, setAsking] = useState(false);
  const what = t(`account.profile.reserve.label.${kind}`);
  const labelled = (action: string) => t('account.profile.reserve.actionLabel', { action: t(`account.profile.reserve.${action}`), what });
  return (
    <div className="profile-reserve__actions">
      <FormError message={errors.banner} />
      <div className="profile-flow__actions profile-flow__actions--start">
        <Button variant="secondary" disabled={busy} aria-label={labelled(hasStored ? 'change' : 'add')} onClick={() => actor.send({ type: 'reserve.edit' })}>
          {t(hasStored ? 'account.profile.reserve.change' : 'account.profile.reserve.add')}
        </Button>
        {hasStored ? (
          <>
            <Button variant="secondary" disabled={busy} aria-label={labelled('reconfirm')} onClick={() => actor.send({ type: 'reserve.reconfirm' })}>
              {t('account.profile.reserve.reconfirm')}
            </Button>
            <Button variant="link" busy={busy} disabled={busy} aria-label={labelled('remove')} onClick={() => setAsking(true)}>
              {t('account.profile.reserve.remove')}
            </Button>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        text={t(`account.profile.reserve.removeText.${kind}`)}
        okLabel={t('account.profile.reserve.removeOk')}
        cancelLabel={t('account.profile.reserve.removeCancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          actor.send({ type: 'reserve.remove' });
        }}
      />
    </div>
  );
}
