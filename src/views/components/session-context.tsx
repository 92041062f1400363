import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { sessionActor, type SessionActor, type SessionSnapshot } from '../../services/session';

/** The app's one session actor; tests provide their own. */
const SessionContext = createContext<SessionActor>(sessionActor);

export const SessionProvider = SessionContext.Provider;

export function useSessionActor(): SessionActor {
  return useContext(SessionContext);
}

/** One narrow subscription per value, as the style guide asks. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}
