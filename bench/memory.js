import { readdirSync, readFileSync } from 'node:fs';

/** Peak resident memory (VmHWM) of a process and of every process under it, MiB each. */
export function peakMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean));
    return [{ name: /Name:\s+(\S+)/.exec(status)[1], MiB: Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024 }, ...children.flatMap(peakMemory)];
  } catch {
    return []; // the process has exited meanwhile
  }
}
