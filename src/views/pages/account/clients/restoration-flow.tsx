import type { Client } from '../../../../contract/clients';
import { clientRestorationFlow } from '../../../../services/client-flows';
import { useOnDone } from '../../auth/flow-hooks';
import { RestorationActor } from './flow-actors';
import { RestorationFinish } from './restoration-finish';
import { RestorationCode, RestorationWayStep } from './restoration-steps';

/** The product spec's restoration: the way → the e-mail code → the old client's data → done. */
export function RestorationFlow({ onDone }: { onDone: (client: Client) => void }) {
  return (
    <RestorationActor.Provider logic={clientRestorationFlow}>
      <RestorationSteps onDone={onDone} />
    </RestorationActor.Provider>
  );
}

function RestorationSteps({ onDone }: { onDone: (client: Client) => void }) {
  const actor = RestorationActor.useActorRef();
  useOnDone(actor, (client) => {
    if (client) onDone(client);
  });
  const step = RestorationActor.useSelector((snapshot) =>
    snapshot.matches('choosingWay') || snapshot.matches('starting') ? 'way'
      : snapshot.matches('editingClient') || snapshot.matches('restoring') || snapshot.status === 'done' ? 'finish' : 'code');
  return (
    <div className="clients-flow">
      {step === 'way' ? <RestorationWayStep /> : step === 'code' ? <RestorationCode /> : <RestorationFinish />}
    </div>
  );
}
