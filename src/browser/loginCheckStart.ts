/**
 * The login check on every page of DefaultLayout (spec §4 Login check), at start and after each
 * client-router navigation: where nobody has signed in and the query holds no login or logout flag
 * the answer is "signed out" without a request or more script; otherwise src/stores/session
 * `runLoginCheck` is loaded and run (loginSuccess=true re-checks, shows 'Logged In' and follows a
 * stored return address; logoutSuccess=true clears the user's data and shows 'Logged Out').
 * It sets `<html data-session="checking | signed-in | signed-out">`, which src/styles/account.css
 * reads to label the profile button before any island wakes.
 */
import { RETURN_HOSTS } from '../config';
import { loginCheckStep } from '../accounts/rules/loginCheck';
import { knownSignedOut, user } from '../stores/user';

/** Writes the session state onto <html> (the client router replaces its attributes on each swap). */
function showSession(): void {
  const { loginCheckCompleted, loggedIn } = user.get();
  document.documentElement.dataset.session = !loginCheckCompleted ? 'checking' : loggedIn ? 'signed-in' : 'signed-out';
}

async function onPageLoad(): Promise<void> {
  if (loginCheckStep(location.search) === 'check' && knownSignedOut()) return;
  const [{ runLoginCheck }, { followReturnAddress }, { configureReturnHosts }] = await Promise.all([
    import('../stores/session'),
    import('../stores/signIn'),
    import('../stores/returnTo'),
  ]);
  configureReturnHosts(RETURN_HOSTS);
  await runLoginCheck(location, followReturnAddress);
}

user.subscribe(showSession);
document.addEventListener('astro:after-swap', showSession);
document.addEventListener('astro:page-load', () => void onPageLoad());
