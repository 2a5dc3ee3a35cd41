/**
 * The site lock page (spec §2 Site lock page: 'This site is in development' with the logo, a
 * description, a password field and a button), as one self-contained HTML document rendered on
 * the server (the edge function). It has no script: the form posts the password to the same URL.
 */
import { escapeHtml } from './escape.ts';
import { SITE_LOCK_PASSWORD_FIELD } from './siteLock.ts';

/** The crest shown on the lock page; it is let through the lock so the page can show it. */
export const SITE_LOCK_LOGO = '/media/club/crest.svg';

/** Heading of the lock page (spec §2). */
export const SITE_LOCK_HEADING = 'This site is in development';

/** Message shown after a wrong password. */
export const SITE_LOCK_WRONG_PASSWORD = 'That password is not right. Please try again.';

/** Message shown while a client that sent too many wrong passwords must wait (whole minutes, at least 1). */
export function siteLockThrottledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The lock page. `action` is the path the form posts to (the requested path and query, already
 * reduced to a same-site path by siteLockReturnPath); `error` shows the wrong-password message and
 * `retryAfterSeconds` the too-many-attempts one instead, linked to the field for screen readers.
 */
export function siteLockPage(options: { action: string; error?: boolean; retryAfterSeconds?: number }): string {
  const message = options.retryAfterSeconds ? siteLockThrottledMessage(options.retryAfterSeconds) : options.error === true ? SITE_LOCK_WRONG_PASSWORD : null;
  const error = message !== null;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${SITE_LOCK_HEADING}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b1a2f; color: #111827; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 32px 28px; text-align: center; box-shadow: 0 12px 32px rgb(0 0 0 / 0.3); }
  img { width: 80px; height: 96px; margin: 0 auto 16px; display: block; }
  h1 { font-size: 1.5rem; margin: 0 0 8px; }
  p { margin: 0 0 20px; color: #374151; }
  form { display: grid; gap: 8px; text-align: left; }
  label { font-weight: 700; }
  input { min-height: 44px; padding: 8px 12px; border: 1px solid #6b7280; border-radius: 6px; font: inherit; }
  button { min-height: 44px; margin-top: 8px; border: 0; border-radius: 999px; background: #c8102e; color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
  button:hover { background: #9b0c23; }
  :focus-visible { outline: 3px solid #f2c14e; outline-offset: 2px; }
  .error { color: #b42318; font-weight: 700; margin: 0; }
</style>
</head>
<body>
<main>
  <img src="${SITE_LOCK_LOGO}" alt="Club crest" width="80" height="96">
  <h1>${SITE_LOCK_HEADING}</h1>
  <p>This is a development version of the club website. Enter the password to continue.</p>
  <form method="post" action="${escapeHtml(options.action)}">
    <label for="site-lock-password">Password</label>
    <input id="site-lock-password" name="${SITE_LOCK_PASSWORD_FIELD}" type="password" autocomplete="current-password" required autofocus${error ? ' aria-invalid="true" aria-describedby="site-lock-error"' : ''}>
    ${error ? `<p id="site-lock-error" class="error" role="alert">${message}</p>` : ''}
    <button type="submit">Enter site</button>
  </form>
</main>
</body>
</html>
`;
}
