import { useState } from 'react';
import { shouldShowUpdates } from '../../../machines/updates-popup/updates-popup';
import { readUpdatesValue } from '../../../services/updates';
import { useSession } from '../session-context';

/**
 * True once the what's-new modal may show to the signed-in user (the stored value and their registration date say
 * so), and from then on: the frame loads the modal's chunks only then, and showing it (which stores the date) does
 * not unmount it.
 */
export function useUpdatesWanted(): boolean {
  const user = useSession((s) => s.context.user);
  const [wanted, setWanted] = useState(false);
  if (!wanted && user !== null && shouldShowUpdates(readUpdatesValue(), user.registeredAt ?? null)) setWanted(true);
  return wanted;
}
