import type { CodeSentResponse } from '../../contract/auth';
import { ALREADY_FINISHED } from './client-access';
import { sampleError, type Wording } from './registry-entry';

/**
 * Sample payloads several flows' registry entries share: the path generator sends them as events and as actor
 * outputs, and the flow visualizer shows them. Tokens are JWT-shaped with exp and Secret (signature fake).
 */
export const SAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoic2Vzc2lvbi0xIiwiU2VjcmV0IjoiZmlyc3QiLCJleHAiOjE5MDAwMDAwMDB9.c2ln';

export const SAMPLE_PROCESS_ID = '5d0c7a1e-8f3b-4c2a-b6e1-9a4f2c7d8e30';

export const SAMPLE_SMS_CODE_SENT: CodeSentResponse = {
  destination: '+7 (999) ***-**-01',
  codeLength: 6,
  expiresInSeconds: 300,
  resendAfterSeconds: 30,
};

export const SAMPLE_EMAIL_CODE_SENT: CodeSentResponse = {
  destination: 'd***@example.ru',
  codeLength: 6,
  expiresInSeconds: 300,
  resendAfterSeconds: 30,
};

/** When a sample access request or invitation was made, and when it was settled. */
export const SAMPLE_CREATED_AT = '2025-08-28T09:30:00.000Z';
export const SAMPLE_SETTLED_AT = '2025-08-29T11:00:00.000Z';

/** The 409 a client-access modal meets when someone decided first, with the modal's own wording. */
export const alreadyFinishedError = (wording: Wording): Error => sampleError(wording, { status: 409, code: ALREADY_FINISHED });
