/**
 * Shared browser state for the end-to-end tests: the demo promos already count as seen, so the
 * overlay promo (a modal) does not cover pages under test. Tests of the promo itself clear
 * cookies or serve their own promos.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

export const STORAGE_STATE = path.resolve('.e2e-state/seen-promos.json');

export default function globalSetup(config: FullConfig): void {
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://127.0.0.1:4322';
  const promos = JSON.parse(readFileSync(path.resolve(process.env.TERRACE_CONTENT_DIR ?? 'data', 'demo/promo-overlays.json'), 'utf8')) as { promoID: string }[];
  const state = {
    cookies: [
      {
        name: 'seen_promos',
        value: promos.map((p) => encodeURIComponent(p.promoID)).join(','),
        domain: new URL(baseURL).hostname,
        path: '/',
        expires: Math.floor(Date.now() / 1000) + 86_400,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      },
    ],
    origins: [],
  };
  mkdirSync(path.dirname(STORAGE_STATE), { recursive: true });
  writeFileSync(STORAGE_STATE, JSON.stringify(state));
}
