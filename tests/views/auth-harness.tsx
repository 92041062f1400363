import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CodeSentResponse } from '../../src/contract/auth';
import type { SessionEvent } from '../../src/machines/session/session-types';
import { AuthDepsProvider, type AuthDeps } from '../../src/views/pages/auth/auth-deps';

/** Renders an auth page inside an in-memory router, with the given machines and a session that only records events. */
export function renderAuthPage(
  ui: ReactElement,
  { path = '/auth', search = '', deps = {}, advanceTimers }: {
    path?: string; search?: string; deps?: Partial<AuthDeps>; advanceTimers?: (ms: number) => void;
  } = {},
) {
  const session = { send: vi.fn<(event: SessionEvent) => void>() };
  const location = memoryLocation({ path, searchPath: search, record: true });
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AuthDepsProvider value={{ session, ...deps }}>{ui}</AuthDepsProvider>
    </Router>,
  );
  return { ...view, user, session, currentUrl: () => location.history?.at(-1) };
}

/** A promise the test settles by hand, to look at the page while a request is in flight. */
export { deferred } from '../deferred';

export const smsSent: CodeSentResponse = {
  destination: '+7 (999) ***-**-01', codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 30,
};
export const callSent: CodeSentResponse = {
  destination: '+7 (999) ***-**-01', codeLength: 4, expiresInSeconds: 300, resendAfterSeconds: 30,
};
export const emailSent: CodeSentResponse = {
  destination: 'n***@example.ru', codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 0,
};

/** A token the session would accept; its content does not matter to the pages. */
export const TOKEN = 'header.payload.signature';
