import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { CredentialType } from '../../../../contract/credentials';
import type { credentialChangeMachine } from '../../../../machines/credential-change/credential-change';
import type { CredentialChangeResult } from '../../../../machines/credential-change/credential-change-types';
import { useT } from '../../../../services/i18n';
import { inspectOption } from '../../../../services/inspect-option';
import { credentialChangeFlow } from '../../../../services/profile-account';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOnDone } from '../../auth/flow-hooks';
import { MethodStep, ValueStep } from './credential-change-steps';
import { CodeStep, DoneStep } from './credential-code-steps';
import { LoadFailed } from './profile-card';

interface CredentialChangeModalProps {
  /** The credential being changed; null keeps the dialog closed. */
  type: CredentialType | null;
  onClose: () => void;
  onChanged: (result: CredentialChangeResult) => void;
}

/** The product spec's credential change in a dialog; every opening starts a new flow. */
export function CredentialChangeModal({ type, onClose, onChanged }: CredentialChangeModalProps) {
  const t = useT();
  return (
    <Modal
      open={type !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={type ? t(`account.profile.change.title.${type}`) : ''}
      width={520}
    >
      {type ? <CredentialChangeFlow type={type} onChanged={onChanged} onClose={onClose} /> : null}
    </Modal>
  );
}

type Step = 'loading' | 'loadFailed' | 'noMethod' | 'method' | 'value' | 'confirmOld' | 'confirmNew' | 'done';

function stepOf(snapshot: SnapshotFrom<typeof credentialChangeMachine>): Step {
  if (snapshot.status === 'done') return 'done';
  if (snapshot.matches('loadingMethods')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('noMethod')) return 'noMethod';
  if (snapshot.matches('choosingMethod')) return 'method';
  if (snapshot.matches('confirmingOld')) return 'confirmOld';
  if (snapshot.matches('confirmingNew')) return 'confirmNew';
  return 'value';
}

function CredentialChangeFlow({
  type,
  onChanged,
  onClose,
}: {
  type: CredentialType;
  onChanged: (result: CredentialChangeResult) => void;
  onClose: () => void;
}) {
  const t = useT();
  const actor = useActorRef(credentialChangeFlow, { input: { credentialTypeCode: type }, inspect: inspectOption() });
  const step = useSelector(actor, stepOf);
  const severalMethods = useSelector(actor, (snapshot) => snapshot.context.methods.length > 1);
  useOnDone(actor, onChanged);

  const steps: Step[] = severalMethods ? ['method', 'value', 'confirmOld', 'confirmNew'] : ['value', 'confirmOld', 'confirmNew'];
  const index = steps.indexOf(step);
  return (
    <div className="profile-change">
      {index >= 0 ? <p className="profile-change__step">{t('account.profile.change.step', { step: index + 1, total: steps.length })}</p> : null}
      {step === 'loading' ? <Skeleton rows={3} imageSize={0} /> : null}
      {step === 'loadFailed' ? (
        <LoadFailed text={t('account.profile.change.loadFailed')} onRetry={() => actor.send({ type: 'change.retry' })} />
      ) : null}
      {step === 'noMethod' ? (
        <div className="profile-flow">
          <p className="profile-flow__lead">{t('account.profile.change.noMethod')}</p>
          <div className="profile-flow__actions">
            <Button onClick={onClose}>{t('account.profile.change.close')}</Button>
          </div>
        </div>
      ) : null}
      {step === 'method' ? <MethodStep actor={actor} /> : null}
      {step === 'value' ? <ValueStep actor={actor} onCancel={onClose} /> : null}
      {step === 'confirmOld' || step === 'confirmNew' ? <CodeStep key={step} actor={actor} which={step} /> : null}
      {step === 'done' ? <DoneStep actor={actor} onClose={onClose} /> : null}
    </div>
  );
}
