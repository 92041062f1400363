import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AccessTokenResponse, GetStrangerTokenRequest } from '../../../contract/auth';
import type { loginMachine } from '../../../machines/login/login';
import type { profileCompletionMachine } from '../../../machines/profile-completion/profile-completion';
import type { registrationMachine } from '../../../machines/registration/registration';
import type { SessionEvent } from '../../../machines/session/session-types';
import { loginFlow, signInAsCustomer } from '../../../services/auth-actors';
import { sessionActor } from '../../../services/session';

/**
 * What the auth pages run on. The app uses the gateway; tests hand in machines with stub actors and a fake session.
 * Registration and profile completion default to their gateway machines inside their own lazily loaded views,
 * so a first visit to /auth carries only the sign-in flow.
 */
export interface AuthDeps {
  loginMachine: typeof loginMachine;
  registrationMachine?: typeof registrationMachine;
  profileCompletionMachine?: typeof profileCompletionMachine;
  signInAsCustomer: (request: GetStrangerTokenRequest) => Promise<AccessTokenResponse>;
  session: { send: (event: SessionEvent) => void };
}

const gatewayDeps: AuthDeps = {
  loginMachine: loginFlow,
  signInAsCustomer,
  session: sessionActor,
};

const AuthDepsContext = createContext<AuthDeps>(gatewayDeps);

export function AuthDepsProvider({ value, children }: { value: Partial<AuthDeps>; children: ReactNode }) {
  const merged = useMemo(() => ({ ...gatewayDeps, ...value }), [value]);
  return <AuthDepsContext.Provider value={merged}>{children}</AuthDepsContext.Provider>;
}

export function useAuthDeps(): AuthDeps {
  return useContext(AuthDepsContext);
}
