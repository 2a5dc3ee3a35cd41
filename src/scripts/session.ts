/**
 * The login check on every page of DefaultLayout (spec §4 Login check): at start and after each
 * route change of the client router (astro:page-load), src/stores/user `runLoginCheck` with the
 * page's query — loginSuccess=true re-checks, shows 'Logged In' and follows a stored return
 * address; logoutSuccess=true clears the user's data and shows 'Logged Out'.
 *
 * It also shows the session state on the static page before any island wakes:
 * `<html data-session="checking | signed-in | signed-out">`, which src/styles/account.css reads to
 * show 'Profile' or 'Sign In' on the header's profile button (src/islands/HeaderActions).
 */
import { RETURN_HOSTS } from '../config';
import { configureReturnHosts, followReturnAddress } from '../stores/signIn';
import { runLoginCheck, user } from '../stores/user';

configureReturnHosts(RETURN_HOSTS);

/** Writes the session state onto <html> (the client router replaces its attributes on each swap). */
function showSession(): void {
  const { loginCheckCompleted, loggedIn } = user.get();
  document.documentElement.dataset.session = !loginCheckCompleted ? 'checking' : loggedIn ? 'signed-in' : 'signed-out';
}

user.subscribe(showSession);
document.addEventListener('astro:after-swap', showSession);
document.addEventListener('astro:page-load', () => void runLoginCheck(location, followReturnAddress));
