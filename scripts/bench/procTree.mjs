// @ts-check
/**
 * Memory of a process tree from /proc (Linux), for the benchmarks that sample it while a command
 * runs (scripts/bench/build.mjs, scripts/bench/search.mjs).
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * VmRSS (kB) of a process and its descendants: the sum, the largest process (its command name,
 * 'wrapper' for `pid` itself) and each command name's largest process.
 * @param {number} pid
 * @returns {{ total: number, largest: number, largestName: string, byName: Record<string, number>, sumByName: Record<string, number> }}
 *   (byName: the largest process of each name; sumByName: all processes of each name together)
 */
export function treeRss(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  /** @type {Map<number, { kb: number, name: string }>} */
  const info = new Map();
  /** @type {Record<string, number>} */
  const byName = {};
  /** @type {Record<string, number>} */
  const sumByName = {};
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return { total: 0, largest: 0, largestName: '', byName, sumByName };
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const id = Number(name);
      info.set(id, { kb: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0), name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?' });
      children.set(ppid, [...(children.get(ppid) ?? []), id]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  let largest = 0;
  let largestName = '';
  const stack = [pid];
  while (stack.length) {
    const id = /** @type {number} */ (stack.pop());
    const p = info.get(id);
    if (p) {
      total += p.kb;
      byName[p.name] = Math.max(byName[p.name] ?? 0, p.kb);
      sumByName[p.name] = (sumByName[p.name] ?? 0) + p.kb;
      if (p.kb > largest) {
        largest = p.kb;
        largestName = id === pid ? 'wrapper' : p.name;
      }
    }
    stack.push(...(children.get(id) ?? []));
  }
  return { total, largest, largestName, byName, sumByName };
}
