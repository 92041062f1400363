/**
 * Where a run's cores went: CPU seconds of processes and threads read from /proc, and a process family's memory (Linux only; elsewhere every
 * figure is null). A latency target missed on a machine whose cores were all busy is a capacity figure, not a
 * defect of the code, and the bench prints which of the load generator, the gateways and the database used them.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: Linux reports utime and stime in ticks of 1/100 s on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** The fields after the command name, which is in parentheses and may itself hold spaces. */
function statFields(path: string): string[] | null {
  try {
    const text = readFileSync(path, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process (all its threads) or of one thread, in seconds; null when it is gone or not Linux. */
function cpuSecondsAt(path: string): number | null {
  const fields = statFields(path);
  if (!fields) return null;
  // Fields 14 and 15 of proc(5); fields[0] is field 3 (state).
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export const processCpuSeconds = (pid: number) => cpuSecondsAt(`/proc/${pid}/stat`);
/** The calling thread only: in a worker thread, that worker. */
export const threadCpuSeconds = () => cpuSecondsAt('/proc/thread-self/stat');

/** cutime + cstime: what the process's children that have exited and been waited for used, in seconds. */
function reapedChildrenCpuSeconds(pid: number): number {
  const fields = statFields(`/proc/${pid}/stat`);
  return fields ? (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND : 0;
}

/**
 * A process and every process it started: a PostgreSQL postmaster with its backends and writers, or the bench with
 * its board runners. Children that have already exited count too: a connection's backend ends with it, and its time,
 * which the parent collects when it reaps it, would otherwise leave the sum (a rate with new children read as negative
 * cores).
 */
export function processFamilyCpuSeconds(parentPid: number): number | null {
  const own = processCpuSeconds(parentPid);
  if (own === null) return null;
  return childrenOf(parentPid).reduce((sum, child) => sum + (cpuSecondsAt(`/proc/${child}/stat`) ?? 0), own + reapedChildrenCpuSeconds(parentPid));
}

/** The live processes whose parent is `parentPid`. */
function childrenOf(parentPid: number): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(statFields(`/proc/${name}/stat`)?.[1]) === parentPid).map(Number);
}

/** Resident memory of a process and its live children (the bench with its board runners), in bytes; 0 when not Linux. */
export function processFamilyRssBytes(parentPid: number): number {
  return [parentPid, ...childrenOf(parentPid)].reduce((sum, pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return sum + Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return sum;
    }
  }, 0);
}
