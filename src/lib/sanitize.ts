import sanitizeHtml from 'sanitize-html';

/**
 * Sanitises HTML from the content source (package bodies, news and pages from the platform) before
 * it is rendered (ARCHITECTURE "Seed behaviours we deliberately do better"). Keeps text formatting,
 * headings, lists, tables, links (http(s), mailto, tel, relative) and images; drops scripts,
 * styles, event handlers and unknown attributes. External links get rel="noopener noreferrer".
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption', 'picture', 'source'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      source: ['srcset', 'type', 'media'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      '*': ['id', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const external = /^https?:\/\//.test(attribs.href ?? '');
        return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs };
      },
    },
  });
}
