import { readdirSync, readFileSync } from 'node:fs';

/** The nice values of this process's threads (Linux keeps one per thread: /proc/self/task/<tid>/stat). */
export function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // After the command's name in parentheses: state is field 3, nice field 19.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}
