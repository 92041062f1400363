import type { Client } from '../../../../contract/clients';
import { clientCreationFlow } from '../../../../services/client-flows';
import { useT } from '../../../../services/i18n';
import { useOnDone } from '../../auth/flow-hooks';
import { CreationActor } from './flow-actors';
import { CreationDetails } from './creation-details';
import { CreationReview, CreationType } from './creation-steps';
// The flow is also shown outside the clients tab (/quote): it brings its own styles.
import './clients.css';

const STEPS = { type: 1, details: 2, review: 3 } as const;

/** The product spec's new client in three steps; used in the clients tab's dialog and on the full /v2 page. */
export function CreationFlow({ onDone }: { onDone: (client: Client) => void }) {
  return (
    <CreationActor.Provider logic={clientCreationFlow}>
      <CreationSteps onDone={onDone} />
    </CreationActor.Provider>
  );
}

function CreationSteps({ onDone }: { onDone: (client: Client) => void }) {
  const t = useT();
  const actor = CreationActor.useActorRef();
  useOnDone(actor, (client) => {
    if (client) onDone(client);
  });
  const step = CreationActor.useSelector((snapshot) =>
    snapshot.matches('choosingType') ? 'type' : snapshot.matches('editing') ? 'details' : 'review');
  return (
    <div className="clients-flow">
      <p className="clients-flow__step" aria-live="polite">
        {t('account.clients.creation.step', { step: STEPS[step], name: t(`account.clients.creation.steps.${step}`) })}
      </p>
      {step === 'type' ? <CreationType /> : step === 'details' ? <CreationDetails /> : <CreationReview />}
    </div>
  );
}
