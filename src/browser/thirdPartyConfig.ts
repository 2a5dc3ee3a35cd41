import type { ThirdPartyScript } from '../lib/thirdParty';

/**
 * Third-party scripts from the environment. The tag manager defaults to the local stand-in
 * (public/stand-ins/tag-manager.js) so consent gating is exercised end to end; analytics and
 * error reporting load only when their URLs are configured.
 */
export const THIRD_PARTY_SCRIPTS: ThirdPartyScript[] = [
  { name: 'tag-manager', url: import.meta.env.PUBLIC_TAG_MANAGER_URL ?? '/stand-ins/tag-manager.js', purpose: 'analytics' },
  { name: 'analytics', url: import.meta.env.PUBLIC_ANALYTICS_URL ?? '', purpose: 'analytics' },
  { name: 'error-reporting', url: import.meta.env.PUBLIC_ERROR_REPORTING_URL ?? '', purpose: 'analytics' },
];
