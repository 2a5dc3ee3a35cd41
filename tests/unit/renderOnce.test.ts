/**
 * Rendering page-independent chrome once per build (src/components/RenderOnce.astro,
 * src/queries/renderOnce.ts): the HTML is remembered in a production build and
 * rendered every time in `astro dev`; and every part wrapped in <RenderOnce> stays page-
 * independent — no islands, nothing read from the page's URL or request, no processed scripts
 * (Astro emits those once per page) — in it and in every component it imports.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

async function freshModule(): Promise<typeof import('../../src/queries/renderOnce')> {
  vi.resetModules();
  return import('../../src/queries/renderOnce');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('rememberedHtml', () => {
  it('renders a part once in a production build and returns the same HTML after', async () => {
    vi.stubEnv('DEV', false);
    const { rememberedHtml } = await freshModule();
    const render = vi.fn(async () => '<footer>Club</footer>');
    expect(await rememberedHtml('footer', render)).toBe('<footer>Club</footer>');
    expect(await rememberedHtml('footer', render)).toBe('<footer>Club</footer>');
    expect(render).toHaveBeenCalledTimes(1);
    expect(await rememberedHtml('menu', async () => '<nav></nav>')).toBe('<nav></nav>');
  });

  it('renders every time in astro dev, where content changes between requests', async () => {
    vi.stubEnv('DEV', true);
    const { rememberedHtml } = await freshModule();
    const render = vi.fn(async () => '<footer></footer>');
    await rememberedHtml('footer', render);
    await rememberedHtml('footer', render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed render', async () => {
    vi.stubEnv('DEV', false);
    const { rememberedHtml } = await freshModule();
    await expect(rememberedHtml('footer', async () => Promise.reject(new Error('feed missing')))).rejects.toThrow('feed missing');
    expect(await rememberedHtml('footer', async () => '<footer></footer>')).toBe('<footer></footer>');
  });
});

/** Every .astro file under src/, by absolute path. */
function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(full);
    return entry.name.endsWith('.astro') ? [full] : [];
  });
}

/** The components a file imports (default imports of .astro/.tsx/.jsx files), by name → absolute path. */
function componentImports(file: string, source: string): Map<string, string> {
  const imports = new Map<string, string>();
  for (const [, name, from] of source.matchAll(/import\s+([A-Z]\w*)\s+from\s+['"](\.[^'"]+\.(?:astro|tsx|jsx))['"]/g)) {
    if (name && from) imports.set(name, path.resolve(path.dirname(file), from));
  }
  return imports;
}

/** What makes a component's HTML depend on the page, or unsafe to repeat as a string. */
function pageDependence(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const problems: string[] = [];
  if (!file.endsWith('.astro')) return [`${path.relative(SRC, file)} is a framework component (an island when hydrated)`];
  if (/\sclient:[a-z]+/.test(source)) problems.push(`${path.relative(SRC, file)} has a client: directive (an island)`);
  if (/Astro\.(url|request|params|locals|cookies|site|props\.page)/.test(source))
    problems.push(`${path.relative(SRC, file)} reads the page (Astro.url, request, params …)`);
  const template = source.replace(/^---\n[\s\S]*?\n---\n/, ''); // the markup, without the frontmatter's comments
  for (const [tag] of template.matchAll(/<script\b[^>]*>/g)) {
    if (!/\bis:inline\b/.test(tag)) problems.push(`${path.relative(SRC, file)} has a processed <script> (emitted once per page)`);
  }
  return problems;
}

describe('parts wrapped in <RenderOnce>', () => {
  const wrapped: { where: string; component: string; file: string }[] = [];
  for (const file of astroFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    const imports = componentImports(file, source);
    for (const [, inner] of source.matchAll(/<RenderOnce\b[^>]*>([\s\S]*?)<\/RenderOnce>/g)) {
      for (const [, name] of (inner ?? '').matchAll(/<([A-Z]\w*)/g)) {
        const target = name ? imports.get(name) : undefined;
        if (name && target) wrapped.push({ where: path.relative(SRC, file), component: name, file: target });
      }
    }
  }

  it('are found (the layout wraps the menu, sticky nav, footer and notices)', () => {
    expect(wrapped.map((w) => w.component)).toEqual(expect.arrayContaining(['MainMenu', 'StickyNav', 'SiteFooter', 'CookieNotice', 'PromoOverlay']));
  });

  it('and every component they import are page-independent', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      problems.push(...pageDependence(file));
      if (file.endsWith('.astro')) for (const child of componentImports(file, readFileSync(file, 'utf8')).values()) visit(child);
    };
    for (const { file } of wrapped) visit(file);
    expect(seen.size).toBeGreaterThan(wrapped.length);
    expect(problems).toEqual([]);
  });
});
