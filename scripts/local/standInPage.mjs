// @ts-check
/**
 * The page shell of the local stand-ins' own pages (the hosted sign-in's provider page, the Stripe
 * checkout and billing portal): one centred card, system fonts, plain forms, no scripts. Values
 * are escaped by hono/html. `standInHeaders(formAction)` is their CSP: inline style only, never
 * framed, never cached.
 */
import { html } from 'hono/html';

const STYLE = html`<style>
  body {
    font:
      16px/1.5 system-ui,
      sans-serif;
    margin: 0;
    display: grid;
    place-items: center;
    min-height: 100vh;
    background: #f3f4f6;
    color: #1a1f36;
  }
  main {
    background: #fff;
    padding: 2rem;
    border-radius: 8px;
    max-width: 28rem;
    width: 100%;
    box-shadow: 0 1px 4px #0002;
  }
  .note {
    color: #4b5563;
    font-size: 0.875rem;
  }
  .problem {
    color: #b91c1c;
    font-weight: 600;
  }
  label {
    display: block;
    margin: 0.75rem 0;
  }
  input {
    display: block;
    width: 100%;
    box-sizing: border-box;
    padding: 0.5rem;
    font: inherit;
  }
  button {
    font: inherit;
    min-height: 2.75rem;
    padding: 0.5rem 1rem;
    margin: 0.25rem 0.25rem 0 0;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td {
    padding: 0.25rem 0;
  }
  td:last-child {
    text-align: right;
  }
</style>`;

/**
 * A whole page: `title` in the tab (with `who`, e.g. 'local Stripe stand-in'), `body` in the card.
 * @param {{ title: string, who: string, body: unknown }} page
 */
export function standInPage({ title, who, body }) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} (${who})</title>
        ${STYLE}
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

/**
 * The pages' response headers; `formAction` is where their forms may post ('self' and more).
 * @param {string} [formAction]
 */
export function standInHeaders(formAction = "'self'") {
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`,
    'Cache-Control': 'no-store',
  };
}
