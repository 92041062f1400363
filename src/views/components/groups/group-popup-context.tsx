import { createActorContext } from '@xstate/react';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { groupPopupMachine } from '../../../machines/group-popup';
import { CURRENT_USER_ID, initialDirectory, type PrototypeDirectory, type PrototypeUser } from '../../../services/group-prototype';
import { t as translate } from '../../../services/i18n';
import { fullName } from '../../../services/format';
import { useSession } from '../session-context';

/** The popup's machine, one actor per opening. */
export const GroupPopupActor = createActorContext(groupPopupMachine);

interface Directory {
  directory: PrototypeDirectory;
  update: (change: (directory: PrototypeDirectory) => PrototypeDirectory) => void;
  /** The signed-in user's name, shown for the owner record of the sample data. */
  ownName: string;
}

const DirectoryContext = createContext<Directory | null>(null);

/** The prototype's sample records, changed in memory while the popup is open (spec 2.7: no calls). */
export function DirectoryProvider({ children }: { children: ReactNode }) {
  const [directory, setDirectory] = useState(initialDirectory);
  const user = useSession((s) => s.context.user);
  const ownName = user ? fullName(user) : '';
  const value = useMemo(() => ({ directory, update: setDirectory, ownName }), [directory, ownName]);
  return <DirectoryContext.Provider value={value}>{children}</DirectoryContext.Provider>;
}

export function useDirectory(): Directory {
  const value = useContext(DirectoryContext);
  if (!value) throw new Error('useDirectory outside DirectoryProvider');
  return value;
}

export function findUser(directory: PrototypeDirectory, id: number | null): PrototypeUser | undefined {
  return directory.users.find((candidate) => candidate.id === id);
}

/** The owner record is the signed-in user: their own name, marked as them. */
export function displayName(found: PrototypeUser, ownName: string, t: typeof translate): string {
  return found.id === CURRENT_USER_ID ? t('groups.you', { name: ownName }) : found.name;
}
