// @ts-check
/**
 * Served-HTML identity check (docs/publishing.md "Includes"): every .html page of `<reference>`
 * must be byte-identical in `<build>`, both assembled from their own fragments, and `<build>` may
 * have no page the reference lacks. --ignore-bundle-names compares `/_astro/` bundle names and the
 * island ids derived from them without their hashes, for a reference built from other code.
 * Usage: node scripts/quality/served-identical.mjs [--ignore-bundle-names] <reference> <build>
 * Exit: 0 identical, 1 differences (the first few printed with context), 2 could not run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assembleFile, builtPages } from '../assemble.mjs';

/** A bundle's hashed file name: '/_astro/client.DUfOmi8W.js'. */
const BUNDLE_NAME = /\/_astro\/([\w.-]+?)\.[\w-]{8}\.(js|css)/g;
/** An island's id, derived from its bundle names. */
const ISLAND_ID = / uid="[^"]*"/g;

/**
 * Where two texts first differ, with some context.
 * @param {string} a
 * @param {string} b
 * @returns {string}
 */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const from = Math.max(0, i - 80);
  return `at character ${i}:\n    reference: …${JSON.stringify(a.slice(from, i + 120))}\n    served:    …${JSON.stringify(b.slice(from, i + 120))}`;
}

async function main() {
  const args = process.argv.slice(2);
  const loose = args[0] === '--ignore-bundle-names';
  const [reference, build] = args.slice(loose ? 1 : 0).map((dir) => path.resolve(dir));
  /** @param {string} html */
  const normal = (html) => (loose ? html.replace(BUNDLE_NAME, '/_astro/$1.#.$2').replace(ISLAND_ID, ' uid="#"') : html);
  if (!reference || !build) throw new Error('usage: served-identical.mjs <reference-dist> <build-dist>');
  const [expected, actual] = await Promise.all([builtPages(reference), builtPages(build)]);
  const actualSet = new Set(actual);
  const expectedSet = new Set(expected);
  /** @type {string[]} */
  const problems = [];
  let assembled = 0;
  for (const file of expected) {
    if (!actualSet.has(file)) {
      problems.push(`${file}: missing`);
      continue;
    }
    const [original, built] = await Promise.all([readFile(path.join(reference, file), 'utf8'), readFile(path.join(build, file), 'utf8')]);
    const want = (await assembleFile(reference, original)).html;
    const served = (await assembleFile(build, built)).html;
    if (served !== built) assembled += 1;
    if (normal(served) !== normal(want)) problems.push(`${file}: differs ${firstDifference(normal(want), normal(served))}`);
  }
  for (const file of actual) if (!expectedSet.has(file)) problems.push(`${file}: not in the reference`);
  console.log(`served HTML: ${expected.length} reference page(s), ${assembled} assembled from fragments, ${problems.length} difference(s)`);
  for (const problem of problems.slice(0, 10)) console.log(`  ${problem}`);
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`served-identical could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
