/**
 * The login check on the streaming landing page (src/components/StreamerPage.astro, Streamer
 * layout: no site chrome, no client router): when this browser has signed in before
 * (src/stores/user knownSignedOut) or the address carries a login or logout flag, runs the check
 * (src/stores/session runLoginCheck) so the page's video cards show the viewer's lock state
 * (src/browser/videoCards.ts) and the packages their owned state; otherwise nothing is loaded.
 * Like the site chrome (src/browser/loginCheckStart.ts) it writes `<html data-session>`, which picks the
 * profile button's label before the account corner (src/islands/StreamerAccount) wakes.
 */
import { loginCheckStep } from '../accounts/rules/loginCheck';
import { knownSignedOut, user } from '../stores/user';

user.subscribe(({ loginCheckCompleted, loggedIn }) => {
  document.documentElement.dataset.session = !loginCheckCompleted ? 'checking' : loggedIn ? 'signed-in' : 'signed-out';
});

if (loginCheckStep(location.search) !== 'check' || !knownSignedOut()) void import('../stores/session').then(({ runLoginCheck }) => runLoginCheck(location));
