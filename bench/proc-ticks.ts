import { readFile } from 'node:fs/promises';

/** Clock ticks (user + system) a process has used; 0 once it is gone. */
export async function ticks(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

export const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux
