/**
 * Demo passwords are refused in production: the local demo accounts' passwords
 * are published in the README and docs/identity-local.md, so no real account may use them to sign
 * in or adopt them as a new password. The list must match DEMO_ACCOUNTS in
 * scripts/local/cognito.mjs (a unit test checks it).
 */

/** The published passwords of the local demo accounts (README "Demo accounts"). */
export const DEMO_PASSWORDS: readonly string[] = Object.freeze([
  'Subscriber-Local-1',
  'Supporter-Local-1',
  'Blocked-Local-1',
  'Bypassed-Local-1',
  'Household-Local-1',
]);

/** Whether `password` is one of the published demo passwords (exact match). */
export function isDemoPassword(password: string): boolean {
  return DEMO_PASSWORDS.includes(password);
}

/**
 * Whether demo passwords may be used: only against a local Cognito emulator (an endpoint on a
 * loopback host) and never with NODE_ENV=production. Real Cognito (no endpoint) refuses them.
 */
export function demoPasswordsAllowed(options: { nodeEnv?: string; cognitoEndpoint?: string }): boolean {
  if (options.nodeEnv === 'production' || !options.cognitoEndpoint) return false;
  if (!URL.canParse(options.cognitoEndpoint)) return false;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(options.cognitoEndpoint).hostname);
}
