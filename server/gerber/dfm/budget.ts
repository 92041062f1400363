import { performance } from 'node:perf_hooks';

/**
 * The most the measuring may take: a job has 60 s (BOARD_JOB_TIMEOUT_SECONDS) and some CAD tools (Proteus, PADS)
 * draw pours as thousands of overlapping strokes, where pairwise gaps cost minutes. Past it the rules not yet
 * measured are skipped and the result says it was cut short, rather than failing the whole upload.
 */
export const DFM_BUDGET_MS = 12_000;
let deadline = Infinity;

/** Past the deadline: every rule asks in its loops and stops there. One board is measured at a time per runner process. */
export const late = () => performance.now() > deadline;

export function setBudget(budgetMs: number): void {
  deadline = performance.now() + budgetMs;
}

export function clearBudget(): void {
  deadline = Infinity;
}
