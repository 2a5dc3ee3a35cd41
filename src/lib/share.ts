/**
 * Article share buttons (spec §3 site settings "share toggles (all enabled)"): plain share links
 * for each enabled network, in a fixed order, and a copy-link entry. No third-party scripts: each
 * link opens the network's own share page (or the mail client) with the article URL and title.
 */

/** The share toggles of site settings. */
export interface ShareToggles {
  facebook: boolean;
  x: boolean;
  whatsapp: boolean;
  email: boolean;
  copyLink: boolean;
}

export type ShareNetwork = keyof ShareToggles;

/** One share control: a link (`href`), or the copy-link button (`href` null, copy `url`). */
export interface ShareTarget {
  network: ShareNetwork;
  /** Visible label, e.g. 'Share on Facebook'. */
  label: string;
  href: string | null;
}

const ORDER: readonly ShareNetwork[] = ['facebook', 'x', 'whatsapp', 'email', 'copyLink'];

/**
 * Share controls for an absolute article `url` and its `title`, for the enabled toggles only:
 * facebook → facebook.com/sharer, x → x.com/intent/post, whatsapp → wa.me, email → mailto:,
 * copyLink → a button (href null). Throws TypeError unless `url` is an absolute http(s) URL.
 */
export function shareTargets(url: string, title: string, toggles: ShareToggles): ShareTarget[] {
  if (!/^https?:\/\//.test(url)) throw new TypeError(`Share URL must be absolute http(s), got ${JSON.stringify(url)}`);
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const targets: Record<ShareNetwork, ShareTarget> = {
    facebook: { network: 'facebook', label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    x: { network: 'x', label: 'Share on X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    whatsapp: { network: 'whatsapp', label: 'Share on WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    email: { network: 'email', label: 'Share by email', href: `mailto:?subject=${t}&body=${u}` },
    copyLink: { network: 'copyLink', label: 'Copy link', href: null },
  };
  return ORDER.filter((network) => toggles[network]).map((network) => targets[network]);
}
