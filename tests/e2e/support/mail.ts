import { expect, type APIRequestContext } from '@playwright/test';
import type { CaughtLetter } from './mail-catcher';
import { workerServers } from './servers';
import { test } from './test';

/** What this worker's mail catcher received for `email`, in the order the gateway queued it. */
export async function mailbox(request: APIRequestContext, email: string): Promise<CaughtLetter[]> {
  const answer = await request.get(`http://127.0.0.1:${workerServers(test.info().parallelIndex).mailPort}/letters`);
  const letters = (await answer.json()) as CaughtLetter[];
  return letters.filter((letter) => letter.to.includes(email)).sort((a, b) => a.outboxId - b.outboxId);
}

/** Waits for a letter to `email` whose subject matches, and answers it. */
export async function letterTo(request: APIRequestContext, email: string, subject: RegExp): Promise<CaughtLetter> {
  let found: CaughtLetter | undefined;
  await expect.poll(async () => {
    found = (await mailbox(request, email)).find((letter) => subject.test(letter.subject));
    return found?.subject ?? null;
  }, { message: `a letter '${subject.source}' to ${email}`, timeout: 30_000 }).not.toBeNull();
  return found as CaughtLetter;
}
