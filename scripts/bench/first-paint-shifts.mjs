// @ts-check
/**
 * Layout shifts while a page arrives (`node scripts/bench/first-paint-shifts.mjs URL [LOADS]`):
 * loads URL LOADS times (default 20) in Chromium as Lighthouse's phone (412 × 823, touch) with the
 * CPU slowed RATE times (default 4), so the parser often paints a part of the page before the rest,
 * and prints every layout shift with the elements that moved (before → after: top, height, left,
 * width in CSS px), then how many loads shifted. Serve the build first (docs/commands.md).
 * Exit: 0 always; the figures go to docs/performance.md "Quality gates".
 */
import { chromium } from '@playwright/test';

const [url, loadsArg] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/bench/first-paint-shifts.mjs URL [LOADS]');
  process.exit(2);
}
const loads = Number(loadsArg ?? 20);
const rate = Number(process.env.RATE ?? 4);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
let shifted = 0;
for (let i = 0; i < loads; i++) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(() => {
    const w = /** @type {{ shifts?: string[] }} */ (/** @type {unknown} */ (globalThis));
    w.shifts = [];
    const box = (/** @type {DOMRectReadOnly} */ r) => [r.y, r.height, r.x, r.width].map((n) => n.toFixed(1)).join(' ');
    new PerformanceObserver((list) => {
      for (const entry of /** @type {any[]} */ (list.getEntries()))
        w.shifts?.push(
          `${Math.round(entry.startTime)} ms ${entry.value.toFixed(5)}: ` +
            entry.sources
              .map((/** @type {any} */ s) => `${s.node?.className || s.node?.nodeName} [${box(s.previousRect)}] → [${box(s.currentRect)}]`)
              .join('; '),
        );
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const shifts = /** @type {string[]} */ (await page.evaluate(() => /** @type {{ shifts?: string[] }} */ (/** @type {unknown} */ (globalThis)).shifts ?? []));
  if (shifts.length > 0) shifted++;
  for (const shift of shifts) console.log(`load ${i + 1}: ${shift}`);
  await context.close();
}
await browser.close();
console.log(`${shifted} of ${loads} loads shifted (${url}, CPU ${rate}× slower)`);
