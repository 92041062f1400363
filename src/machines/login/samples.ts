// Sample payloads of the sign-in machine (the shared token and code answers are in ../shared/samples.ts).

export const SAMPLE_SECOND_FACTOR_ID = '0b7e4a52-2d6c-4f0e-9a59-3c1f6f0d2a11';
