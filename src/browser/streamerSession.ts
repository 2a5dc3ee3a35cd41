/**
 * The login check on the streaming landing page (src/components/StreamerPage.astro, Streamer
 * layout: no site chrome, no client router): when this browser has signed in before
 * (src/stores/user knownSignedOut), checks the session so the page's video cards show the
 * viewer's lock state (src/browser/videoCards.ts); otherwise nothing is loaded.
 */
import { knownSignedOut } from '../stores/user';

if (!knownSignedOut()) void import('../stores/session').then(({ checkLogin }) => checkLogin());
