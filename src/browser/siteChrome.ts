/**
 * The behaviour of the site chrome that every page of DefaultLayout runs, as one module: the
 * child-friendly toggle, cookie notice, footer adverts, notifications, promo overlay, sticky
 * header, menu invoker commands, route events, the login check and consented analytics. One
 * entry instead of one per component keeps the JavaScript before interaction to one request and
 * one gzip stream (budget: ≤ 20 KB on article, news and fixtures pages). Each module
 * documents its own spec section and finds its markup by id or data attribute, doing nothing
 * where it is absent.
 */
import './childFriendlyToggle';
import './cookieNotice';
import './footerAdverts';
import './notifications';
import './promoOverlay';
import './stickyHeader';
import './menuCommands';
import './routeEvents';
import './session';
import './analytics';
