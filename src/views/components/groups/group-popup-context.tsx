import { createActorContext } from '@xstate/react';
import type { Person } from '../../../contract/groups';
import { groupPopupMachine } from '../../../machines/group-popup/group-popup';
import type { t as translate } from '../../../services/i18n';

/** The popup's machine, one actor per opening (the service's flow is given to the Provider). */
export const GroupPopupActor = createActorContext(groupPopupMachine);

/** The signed-in user is marked as themselves. */
export function displayName(person: Person, t: typeof translate): string {
  return person.isMe ? t('groups.you', { name: person.name }) : person.name;
}

/** Whether a change is on its way: the controls that would start another one wait. */
export const useSaving = () => GroupPopupActor.useSelector((s) => s.hasTag('saving'));
