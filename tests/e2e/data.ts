/**
 * Reads the embedded dataset so end-to-end tests pick real URLs from the data the site was
 * built from, instead of hard-coding slugs that may change.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.env.TERRACE_CONTENT_DIR ?? 'data');

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
}

/** Front matter values of a Markdown file, as strings (enough for slugs, titles and templates). */
export function frontMatter(file: string): Record<string, string> {
  const text = readFileSync(path.join(root, file), 'utf8');
  const block = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (m && m[2] !== undefined) out[m[1]!] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

export function markdownFiles(folder: string): string[] {
  const dir = path.join(root, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(folder, f));
}

/** The first paragraph of a Markdown file's body (after the front matter), as plain text: a sentence the built page must show. */
export function firstParagraph(file: string): string {
  const body = readFileSync(path.join(root, file), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
  const paragraph = body.split(/\n\s*\n/).find((block) => /^[A-Za-z]/.test(block.trim()));
  if (!paragraph) throw new Error(`${file} has no plain paragraph`);
  return paragraph.trim().replace(/\s+/g, ' ');
}

/** The raw text of a dataset file. */
export function fileText(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}
