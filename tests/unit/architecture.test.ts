/**
 * The import rules of STYLE.md §2 and §3 over every module specifier under src/ and netlify/ (read
 * with the TypeScript parser; tests are tooling wherever they sit and are not checked):
 * src/lib and each feature's rules/ run anywhere; src/schemas imports nothing from src/lib; the
 * platform, each feature's server/ and netlify/functions import no browser code; browser code
 * (browser, islands, stores, directives, each feature's browser/) takes from the platform only
 * client.ts and from a feature only browser/ and rules/, and a browser/ no server/ even for types;
 * nothing imports scripts/ or tests/; only the platform and src/lib/csp.ts spell an /api/ path.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Browser code for static parts. */
const BROWSER_DIRS = ['src/browser'];

/** The paid features: folders of src/ holding rules/, server/ and browser/ subfolders. */
const FEATURES = readdirSync(path.join(ROOT, 'src')).flatMap((name) =>
  ['rules', 'server', 'browser'].some((part) => isDirectory(path.join(ROOT, 'src', name, part))) ? [`src/${name}`] : [],
);

/** Each feature's pure rules (run anywhere), server code and browser code. */
const FEATURE_RULES = FEATURES.map((feature) => `${feature}/rules`);
const FEATURE_SERVER = FEATURES.map((feature) => `${feature}/server`);
const FEATURE_BROWSER = FEATURES.map((feature) => `${feature}/browser`);

/** Whether `absolute` is a directory. */
function isDirectory(absolute: string): boolean {
  try {
    return statSync(absolute).isDirectory();
  } catch {
    return false;
  }
}

/** One module specifier found in a file. */
interface ImportRef {
  /** The specifier as written, e.g. '../stores/ui' or 'node:fs'. */
  specifier: string;
  /** True for `import type` / `export type` and imports whose every name is a type. */
  typeOnly: boolean;
  /** Repository-relative path the specifier resolves to (relative specifiers only). */
  target?: string;
}

/** Every source file under `dir` (repository-relative paths). */
function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(absolute);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mts|mjs|js|astro)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.test.ts') ? [relative] : [];
  });
}

/** The script parts of a file: an .astro file's frontmatter and `<script>` bodies, else the whole text. */
function scriptParts(file: string, text: string): string[] {
  if (!file.endsWith('.astro')) return [text];
  const parts: string[] = [];
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (frontmatter?.[1]) parts.push(frontmatter[1]);
  for (const match of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) if (match[1]) parts.push(match[1]);
  return parts;
}

/** Whether an import declaration brings in types only. */
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import 'x'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** The module specifiers of one file, with type-only flags and resolved targets. */
function importsOf(file: string): ImportRef[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const refs: ImportRef[] = [];
  for (const part of scriptParts(file, text)) {
    const source = ts.createSourceFile(file, part, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        refs.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) });
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        refs.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) refs.push({ specifier: argument.text, typeOnly: false });
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        refs.push({ specifier: node.argument.literal.text, typeOnly: true });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return refs.map((ref) =>
    ref.specifier.startsWith('.') ? { ...ref, target: path.posix.normalize(path.posix.join(path.posix.dirname(file), ref.specifier)) } : ref,
  );
}

/** Whether a resolved target lies in one of the folders (or is one of the files, extension optional). */
function inside(target: string | undefined, places: readonly string[]): boolean {
  if (target === undefined) return false;
  const bare = target.replace(/\.(ts|tsx|mjs|js|astro)$/, '');
  return places.some((place) => bare === place.replace(/\.(ts|tsx|mjs|js|astro)$/, '') || target.startsWith(`${place}/`));
}

const NODE_BUILTINS = new Set(builtinModules);

/** Whether a bare specifier is a Node built-in (`node:fs`, `fs`, `fs/promises`). */
function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0] ?? '');
}

/** The package name of a bare specifier ('@a/b/c' -> '@a/b', 'dayjs/plugin/utc.js' -> 'dayjs'). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Packages that need a DOM, React, Astro, a server or a database: not for code that runs anywhere. */
const PLATFORM_BOUND_PACKAGES = [
  'astro',
  'react',
  'react-dom',
  'nanostores',
  '@nanostores/react',
  '@nanostores/persistent',
  'js-cookie',
  'embla-carousel',
  'embla-carousel-react',
  '@qwik.dev/partytown',
  'pagefind',
  'hono',
  '@hono/node-server',
  '@hono/zod-openapi',
  'hono-rate-limiter',
  'pg',
  '@electric-sql/pglite',
  'drizzle-orm',
  '@aws-sdk/client-cognito-identity-provider',
  'oauth4webapi',
];

/** Places of the tree no runs-anywhere code may import. */
const NOT_FOR_LIB = [
  'src/stores',
  'src/platform',
  'src/islands',
  'src/components',
  'src/layouts',
  'src/pages',
  ...BROWSER_DIRS,
  ...FEATURE_SERVER,
  ...FEATURE_BROWSER,
  'src/loaders',
  'src/queries',
  'src/integrations',
  'src/directives',
  'src/config.ts',
  'src/content.config.ts',
  'scripts',
  'netlify',
  'tests',
];

/** Browser code. */
const BROWSER_CODE = [...BROWSER_DIRS, 'src/islands', 'src/stores', 'src/directives', ...FEATURE_BROWSER];

/** Server code. */
const SERVER_CODE = ['src/platform', ...FEATURE_SERVER, 'netlify/functions'];

/** The one platform module browser code may import (besides types): the shared fetch core of the clients. */
const BROWSER_SAFE_PLATFORM = ['src/platform/client.ts'];

type Rule = (file: string, ref: ImportRef) => string | null;

/** Violations of `rule` over every file under `dirs`, as "file: specifier — reason". */
function violations(dirs: readonly string[], rule: Rule): string[] {
  return dirs.flatMap(sourceFiles).flatMap((file) =>
    importsOf(file).flatMap((ref) => {
      const reason = rule(file, ref);
      return reason ? [`${file}: '${ref.specifier}' — ${reason}`] : [];
    }),
  );
}

/** The rule for code that runs anywhere (src/lib, and src/schemas besides its own rule). */
const runsAnywhere: Rule = (_file, ref) => {
  if (ref.specifier.startsWith('astro:')) return 'an astro: virtual module exists only inside Astro';
  if (isNodeBuiltin(ref.specifier)) return 'a Node built-in does not exist in browsers or at the edge';
  // 'astro/zod' is zod itself, re-exported by Astro for content schemas: it runs anywhere.
  if (ref.specifier === 'astro/zod') return null;
  if (!ref.specifier.startsWith('.') && PLATFORM_BOUND_PACKAGES.includes(packageName(ref.specifier))) {
    return 'this package needs a DOM, React, Astro, a server or a database';
  }
  if (inside(ref.target, NOT_FOR_LIB)) return `${ref.target} does not run everywhere`;
  return null;
};

describe('architecture: where a file sits says where it runs (STYLE.md §2)', () => {
  it('src/lib imports nothing from stores, platform, islands, components, astro:*, node:* or DOM-only modules', () => {
    expect(sourceFiles('src/lib').length).toBeGreaterThan(10);
    expect(violations(['src/lib'], runsAnywhere)).toEqual([]);
  });

  it('the paid features are accounts, streaming and payments, each file in its rules/, server/ or browser/', () => {
    expect(FEATURES).toEqual(['src/accounts', 'src/payments', 'src/streaming']);
    const astray = FEATURES.flatMap((feature) => readdirSync(path.join(ROOT, feature)).filter((name) => !['rules', 'server', 'browser'].includes(name)));
    expect(astray).toEqual([]);
  });

  it("a feature's rules/ obey src/lib's rules: they run anywhere", () => {
    expect(FEATURE_RULES.flatMap(sourceFiles).length).toBeGreaterThan(10);
    expect(violations(FEATURE_RULES, runsAnywhere)).toEqual([]);
  });

  it('src/schemas imports nothing from src/lib', () => {
    expect(sourceFiles('src/schemas').length).toBeGreaterThan(3);
    const rule: Rule = (file, ref) => (inside(ref.target, ['src/lib']) ? 'schemas import nothing from src/lib' : runsAnywhere(file, ref));
    expect(violations(['src/schemas'], rule)).toEqual([]);
  });

  it("the platform API and each feature's server/ (server code) import no browser code", () => {
    const rule: Rule = (_file, ref) => {
      if (inside(ref.target, [...BROWSER_CODE, 'src/components', 'src/layouts', 'src/pages'])) return 'server code imports no browser code';
      if (!ref.specifier.startsWith('.') && ['react', 'react-dom', 'nanostores', 'js-cookie'].includes(packageName(ref.specifier))) {
        return 'server code imports no browser package';
      }
      return null;
    };
    expect(FEATURE_SERVER.flatMap(sourceFiles).length).toBeGreaterThan(20);
    expect(violations(SERVER_CODE, rule)).toEqual([]);
  });

  it('browser code imports no Node built-ins, from the platform only client.ts, from a feature only browser/ and rules/', () => {
    const rule: Rule = (file, ref) => {
      if (isNodeBuiltin(ref.specifier)) return 'browser code cannot load a Node built-in';
      if (inside(file, FEATURE_BROWSER) && inside(ref.target, FEATURE_SERVER)) return "a feature's browser/ imports nothing of a server/";
      if (ref.typeOnly) return null;
      if (inside(ref.target, ['src/platform']) && !inside(ref.target, BROWSER_SAFE_PLATFORM)) {
        return 'browser code calls the platform through src/platform/client.ts';
      }
      if (inside(ref.target, FEATURES) && !inside(ref.target, [...FEATURE_BROWSER, ...FEATURE_RULES])) {
        return 'browser code takes from a feature only its browser/ and rules/';
      }
      return null;
    };
    expect(FEATURE_BROWSER.flatMap(sourceFiles).length).toBeGreaterThanOrEqual(3);
    expect(violations(BROWSER_CODE, rule)).toEqual([]);
  });

  it('nothing under src/ or netlify/ imports the Node tooling in scripts/ or the tests', () => {
    const rule: Rule = (_file, ref) => (inside(ref.target, ['scripts', 'tests']) ? 'site code does not depend on tooling or tests' : null);
    expect(violations(['src', 'netlify'], rule)).toEqual([]);
  });
});

describe('architecture: an API path is spelled once (STYLE.md §3)', () => {
  /** Folders whose files must not spell an /api/ path. */
  const CALLERS = ['src/components', 'src/islands', 'src/stores', 'src/layouts', 'src/pages', ...BROWSER_DIRS, ...FEATURE_BROWSER];

  /** String literals and template heads of a file that start with /api/. */
  function apiPaths(file: string): string[] {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const found: string[] = [];
    for (const part of file.endsWith('.astro') ? [text] : scriptParts(file, text)) {
      for (const match of part.matchAll(/(['"`])(\/api(?:\/[^'"`\s]*)?)\1?/g)) {
        const before = part.slice(Math.max(0, part.lastIndexOf('\n', match.index) + 1), match.index);
        if (/^\s*(\*|\/\/|\/\*)/.test(before)) continue; // a comment may name a path
        if (match[2]) found.push(match[2]);
      }
    }
    return found;
  }

  it('no component, island, store, layout, page or browser script spells an /api/ path', () => {
    const offenders = CALLERS.flatMap(sourceFiles).flatMap((file) => apiPaths(file).map((spelled) => `${file}: ${spelled}`));
    expect(offenders).toEqual([]);
  });

  it('outside the platform, only src/lib/csp.ts spells an /api/ path (CSP_REPORT_PATH)', () => {
    const spelled = ['src/lib', ...FEATURE_RULES, 'src/schemas', 'src/integrations', 'src/loaders', 'src/queries', 'netlify']
      .flatMap(sourceFiles)
      .flatMap((file) => apiPaths(file).map((path) => `${file}: ${path}`));
    expect(spelled).toEqual(['src/lib/csp.ts: /api/csp-report']);
  });
});
