// @ts-check
/**
 * How every Lighthouse run of the project is made (./lighthouse.mjs, the gate; ./lcp-path.mjs,
 * the LCP path): the Chromium flags and the mobile preset with simulated throttling.
 */

/** Flags of the headless Debian Chromium that Lighthouse drives. */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
];

/** Mobile preset and simulated throttling: Lighthouse's defaults, spelled out. */
export const MOBILE_SIMULATED = /** @type {const} */ ({
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
});
