// What the access-request and invitation modals share (a file of its own: the sign-in page loads form-checks.ts).

/** Someone decided first (another admin, another tab): the gateway answers 409 with this code. */
export const ALREADY_FINISHED = 'already_finished';

export const isAlreadyFinishedError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === ALREADY_FINISHED;
