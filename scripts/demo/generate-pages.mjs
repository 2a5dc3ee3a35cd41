/**
 * The content page tree: data/demo/pages/<fullPath>.md with menuPageSchema front matter.
 *
 * postIDs are assigned in the order of content/pages.mjs (starting at 2001), pageOrder is the
 * position among siblings, nestedLevel is the depth, childIds lists the children's postIDs.
 *
 *   node scripts/demo/generate-pages.mjs
 */
import { PAGES } from './content/pages.mjs';
import { cleanDir, writeText, markdownDoc, unixMsLondon, rng } from './lib.mjs';

const byPath = new Map();
PAGES.forEach((p, i) => byPath.set(p.path, { ...p, postID: 2001 + i }));

const parentOf = (path) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null);
const siblingOrder = new Map();
for (const p of byPath.values()) {
  const parent = parentOf(p.path);
  if (parent && !byPath.has(parent)) throw new Error(`page ${p.path} has no parent page ${parent}`);
  const n = (siblingOrder.get(parent) ?? 0) + 1;
  siblingOrder.set(parent, n);
  p.pageOrder = n;
}

const heroKey = (path) => `pages/${path.replaceAll('/', '--')}.svg`;

cleanDir('data/demo/pages');
for (const p of byPath.values()) {
  const [publishedDate, publishedTime] = p.published.split(' ');
  const r = rng(`page:${p.path}`);
  const children = [...byPath.values()].filter((c) => parentOf(c.path) === p.path);
  const fm = {
    postID: p.postID,
    postTitle: p.title,
    postStatus: 'Published',
    pageTemplate: p.template,
    savedTimestamp: unixMsLondon(publishedDate, publishedTime) + r.int(1, 400) * 86400000 + r.int(0, 86399) * 1000,
    pageOrder: p.pageOrder,
    pageSlug: p.path.split('/').at(-1),
    fullPath: p.path,
    publishedDate,
    publishedTime,
    nestedLevel: p.path.split('/').length,
    postType: p.type ?? 'internal',
    linkSlug: p.linkSlug ?? null,
    externalUrl: p.externalUrl ?? null,
    newTab: p.newTab ?? false,
    childIds: children.map((c) => c.postID),
    summary: p.summary,
    heroImage: p.hero === false ? null : { key: heroKey(p.path), alt: `${p.title}: header image` },
    listStyle: p.listStyle ?? false,
    showInMenu: p.showInMenu ?? true,
    callToAction: p.cta ?? null,
    demo: true,
  };
  writeText(`data/demo/pages/${p.path}.md`, markdownDoc(fm, p.body));
}
const withHero = [...byPath.values()].filter((p) => p.hero !== false).length;
console.log(`pages: ${byPath.size} (${withHero} with hero image, ${byPath.size - withHero} without)`);
