/**
 * Regenerates the whole embedded demo dataset and its images, then checks it.
 *
 *   node scripts/demo/generate-all.mjs
 *
 * Order matters: matches before players (season statistics), players before news (reports use
 * the fictional squads), every data file before images (images are drawn from the data).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const steps = [
  'generate-club.mjs',
  'generate-matches.mjs',
  'generate-players.mjs',
  'generate-commercial.mjs',
  'generate-streaming.mjs',
  'generate-pages.mjs',
  'generate-news.mjs',
  'generate-images.mjs',
  'check.mjs',
];
for (const step of steps) {
  const res = spawnSync(process.execPath, [join(here, step)], { stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`${step} failed`);
    process.exit(res.status ?? 1);
  }
}
