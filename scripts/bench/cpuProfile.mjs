// @ts-check
/**
 * Where a V8 CPU profile (.cpuprofile, from node:inspector's Profiler) spends its time, by
 * category: each sample's self time goes to the first category of the list whose pattern matches
 * any frame (`functionName url`) of the sample's stack, else to 'other' (so a socket write under
 * the database driver counts as the driver's, not as HTTP's); idle time is left out, and so is the
 * profiler's own (frames of node:inspector, where an in-process session's idle time lands). Used by the kick-off surge benchmark's BENCH_PROFILE=1 (scripts/bench/matchday.mjs).
 */

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} CpuProfile
 */

/**
 * Busy time (ms) and each category's share of it, largest first, plus the busiest frames.
 * @param {CpuProfile} profile
 * @param {[string, RegExp][]} categories in order of precedence: the first that matches any frame of a stack takes it
 * @param {number} [topFrames] how many of the busiest frames (self time) to list
 */
export function summariseProfile(profile, categories, topFrames = 8) {
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** @type {Map<number, number>} */
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  /** @type {Map<string, number>} */
  const byCategory = new Map();
  /** @type {Map<string, number>} */
  const byFrame = new Map();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const leaf = byId.get(id);
    if (!leaf || leaf.callFrame.functionName === '(idle)') continue;
    /** @type {string[]} */
    const stack = [];
    for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      stack.push(`${frame?.functionName ?? ''} ${frame?.url ?? ''}`);
    }
    if (stack.some((text) => text.includes('node:inspector'))) continue;
    busyUs += us;
    const category = categories.find(([, pattern]) => stack.some((text) => pattern.test(text)))?.[0] ?? 'other';
    byCategory.set(category, (byCategory.get(category) ?? 0) + us);
    const where = leaf.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|scripts)\//, '$1/');
    const frame = `${leaf.callFrame.functionName || '(anonymous)'}${where ? ` ${where}:${leaf.callFrame.lineNumber + 1}` : ''}`;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + us);
  }
  const share = (/** @type {number} */ us) => (busyUs ? us / busyUs : 0);
  return {
    busyMs: busyUs / 1000,
    categories: [...byCategory].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000, share: share(us) })),
    frames: [...byFrame]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topFrames)
      .map(([name, us]) => ({ name, ms: us / 1000, share: share(us) })),
  };
}
