// @ts-check
/**
 * Page assembly over a build folder (src/lib/pageAssembly.ts): what `scripts/serve.mjs` sends for a
 * page built with assembly directives, and what the quality gates and the identity check read as
 * "the page a visitor gets". The production twin is netlify/edge-functions/page-assembly.ts.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { AssemblyError, assemblePage, isFragmentPath } from '../src/lib/pageAssembly.ts';

/**
 * Assembles a page from the fragments of the build in `root` (src/lib/pageAssembly.ts): each
 * fragment path ('/_fragments/…/' or '…/count.json') is read as the file the site would serve for it.
 * @param {string} root The build folder.
 * @param {string} html The page as built.
 * @returns {Promise<{ html: string, fragments: Array<{ file: string, size: number, mtimeMs: number }> }>}
 * @throws {AssemblyError}
 */
export async function assembleFile(root, html) {
  /** @type {Array<{ file: string, size: number, mtimeMs: number }>} */
  const fragments = [];
  const assembled = await assemblePage(html, async (fragmentPath) => {
    // assemblePage has checked the path: '/_fragments/…/' (no dot segments) or '…/count.json'.
    const file = path.join(root, fragmentPath.endsWith('/') ? `${fragmentPath}index.html` : fragmentPath);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new AssemblyError(`no file for ${fragmentPath}`);
    fragments.push({ file, size: info.size, mtimeMs: info.mtimeMs });
    return readFile(file, 'utf8');
  });
  return { html: assembled, fragments };
}

/**
 * Whether a build-relative file ('_fragments/news/3/index.html') is a fragment, not a page.
 * @param {string} relative
 * @returns {boolean}
 */
export function isFragmentFile(relative) {
  return isFragmentPath(`/${relative.split(path.sep).join('/')}`);
}

/**
 * The pages of a build: its .html files, relative and sorted, without the fragments.
 * @param {string} root The build folder.
 * @returns {Promise<string[]>}
 */
export async function builtPages(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((file) => !isFragmentFile(file))
    .sort();
}
