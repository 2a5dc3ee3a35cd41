/**
 * What a page's simulated first and largest paint wait on: one Lighthouse run per template
 * (the gate's settings, ./lighthouseSettings.mjs), then Lantern's FCP and LCP graphs printed
 * node by node with their simulated start and end (ms): the document, the
 * requests Lantern counts as needed for the paint, and the main-thread tasks (observed ms, ×4 in
 * the simulation) with the trace events that say what they did. docs/performance.md "Public pages".
 *
 * Environment: QUALITY_BASE_URL or QUALITY_DIST (./site.mjs), QUALITY_TEMPLATES, CHROME_PATH.
 * Run: npx node scripts/quality/lcp-path.mjs (Node 24 from the devDependency)
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { CHROME_FLAGS, MOBILE_SIMULATED } from './lighthouseSettings.mjs';
import { openSite } from './site.mjs';
import { selectedTemplates } from './templates.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WHAT = /Parse|Layout|Paint|Evaluate|Style|Compile|ModuleEvaluated/;

/** One line per node of a simulated graph, in start order. @param {Map<any, { startTime: number, endTime: number }>} timings */
function describe(timings) {
  return [...timings.entries()]
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, t]) => {
      const span = `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}`;
      if (node.type === 'network') {
        const { resourceType, priority, transferSize, url } = node.request;
        return `${span}  ${resourceType} ${priority} ${transferSize} B ${new URL(url).pathname.slice(0, 70)}`;
      }
      const events = [...new Set(node.childEvents.map((/** @type {{ name: string }} */ e) => e.name))].filter((n) => WHAT.test(n));
      return `${span}  main thread, observed ${Math.round((node.endTime - node.startTime) / 1000)} ms [${events.join(', ')}]`;
    });
}

/** @param {string} url */
async function analyse(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...MOBILE_SIMULATED,
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const a = result.artifacts;
    const data = {
      trace: a.Trace,
      devtoolsLog: a.DevtoolsLog,
      gatherContext: a.GatherContext,
      settings: a.settings,
      URL: a.URL,
      SourceMaps: a.SourceMaps,
      HostDPR: a.HostDPR,
      simulator: null,
    };
    const context = { computedCache: new Map() };
    const metrics = result.lhr.audits.metrics?.details;
    const observed = metrics && 'items' in metrics ? metrics.items[0] : {};
    console.log(`\n${url}: observed FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms`);
    for (const [name, metric] of /** @type {const} */ ([
      ['FCP', LanternFirstContentfulPaint],
      ['LCP', LanternLargestContentfulPaint],
    ])) {
      const r = await metric.request(data, context);
      console.log(
        `${name} ${Math.round(r.timing)} ms (optimistic ${Math.round(r.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(r.pessimisticEstimate.timeInMs)}); pessimistic graph:`,
      );
      for (const line of describe(r.pessimisticEstimate.nodeTimings)) console.log(`  ${line}`);
    }
  } finally {
    await chrome.kill();
  }
}

const site = await openSite();
try {
  for (const template of selectedTemplates()) await analyse(site.baseUrl + (template.lighthousePath ?? template.path));
} finally {
  await site.close();
}
