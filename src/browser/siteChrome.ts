/**
 * The site chrome's behaviour on every page of DefaultLayout, as one module (one request before
 * interaction; docs/performance.md "Public pages"): child-friendly toggle, cookie notice, footer
 * adverts, notifications, promo, sticky header, menu commands, route events, login check,
 * consented analytics and the live island's gate. Each module finds its markup and does nothing
 * without it; the promo and third parties load only once the cookie notice is answered, the
 * notifications when one opens, the sticky header on the first scroll, the footer
 * adverts when the footer nears the screen.
 */
import './childFriendlyToggle';
import './cookieNotice';
import './footerAdvertsStart';
import './notificationsStart';
import './promoStart';
import './stickyHeaderStart';
import './menuCommands';
import './routeEvents';
import './loginCheckStart';
import './analyticsStart';
import './liveGate';
