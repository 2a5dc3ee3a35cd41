/**
 * The behaviour of the site chrome that every page of DefaultLayout runs, as one module: the
 * child-friendly toggle, cookie notice, footer adverts, notifications, promo overlay, sticky
 * header, menu invoker commands, route events, the login check, consented analytics and the
 * live island's gate. One entry instead of one per component keeps the JavaScript before
 * interaction to one request and one gzip stream (budget: ≤ 20 KB on article, news and fixtures pages). Each module
 * documents its own spec section and finds its markup by id or data attribute, doing nothing
 * where it is absent. The overlay promo and the third-party scripts load their code only once
 * the cookie notice is answered (promoStart, analyticsStart): neither may act before; the
 * notifications when the first one opens (notificationsStart); the sticky header when the page
 * first scrolls (stickyHeaderStart); the footer adverts when the footer nears the screen
 * (footerAdvertsStart).
 */
import './childFriendlyToggle';
import './cookieNotice';
import './footerAdvertsStart';
import './notificationsStart';
import './promoStart';
import './stickyHeaderStart';
import './menuCommands';
import './routeEvents';
import './session';
import './analyticsStart';
import './liveGate';
