// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

/**
 * Terrace site configuration: static output (every route pre-rendered, spec §2),
 * React islands, and the public site URL from the environment (SITE_URL).
 */
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
});
