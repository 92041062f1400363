import type { BomOutcome, BomTask } from './bom-task';
import type { AnalyseOutcome, AnalyseReport, AnalyseTask, UnpackOutcome, UnpackTask } from './worker-tasks';

/**
 * What the gateway and a runner process say to each other, one frame each (frames.ts). The gateway sends one task
 * at a time; the runner answers with reports, then one result or error. An unpack's archive travels as the
 * frame's bytes, not inside the JSON.
 */

export type RunnerTask =
  | { kind: 'unpack'; task: Omit<UnpackTask, 'bytes'> }
  | { kind: 'analyse'; task: AnalyseTask }
  | { kind: 'bom'; task: BomTask };

export type RunnerMessage =
  | { type: 'report'; report: AnalyseReport }
  /** `rssMb` after the task: a runner grown large is retired, so its memory goes back to the system. */
  | { type: 'result'; result: UnpackOutcome | AnalyseOutcome | BomOutcome; rssMb: number }
  /** The machine's fault (the store could not be written, say), not the files': the job is tried again. */
  | { type: 'error'; message: string };

/** The largest task the gateway sends: an archive at the upload limit with room for its JSON. */
export const TASK_FRAME_BYTES = 26 * 1024 * 1024;
