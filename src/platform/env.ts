/**
 * The platform API's environment (ARCHITECTURE "The platform API's shape": env.ts) as one zod
 * schema, parsed once per process. A bad value fails at start-up with an error naming every
 * offending variable, never at the first request that happens to read it.
 *
 * Variables (all optional, safe local defaults; README "Configuration", .env.example):
 * - SITE_URL            the site's public URL; its origin is allowed to make state-changing calls.
 * - API_ALLOWED_ORIGINS comma-separated extra origins allowed to make state-changing calls
 *                       (e.g. a deploy preview's host). The request's own origin is always allowed.
 * - LOG_LEVEL           least severe structured log line written: debug | info | warn | error |
 *                       silent (default info).
 *
 * Features that need more (DATABASE_URL, Cognito, Stripe …) add their variables to this schema.
 */
import { z } from 'zod';

/** One origin such as 'https://www.stokecity.example' (scheme, host and optional port only). */
const origin = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), {
    message: 'must be an origin such as https://www.example.com (no path)',
  })
  .transform((value) => new URL(value).origin);

/** Empty strings mean "unset", as in .env.example. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** Log levels from most to least verbose; 'silent' writes nothing. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
/** A level of LOG_LEVELS. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The platform environment's schema (input: strings from process.env; output: typed values). */
export const platformEnvSchema = z.object({
  SITE_URL: optional(z.url({ protocol: /^https?$/ })),
  API_ALLOWED_ORIGINS: optional(
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part !== ''))
      .pipe(z.array(origin)),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).transform((value) => value ?? 'info'),
});

/** The parsed platform environment. */
export type PlatformEnv = z.output<typeof platformEnvSchema>;

/** Thrown when the environment is invalid; `message` names each variable and what is wrong with it. */
export class PlatformEnvError extends Error {
  /** The offending variable names, e.g. ['SITE_URL', 'LOG_LEVEL']. */
  readonly variables: string[];
  constructor(issues: readonly z.core.$ZodIssue[]) {
    const variables = [...new Set(issues.map((issue) => String(issue.path[0] ?? '(environment)')))];
    const lines = issues.map((issue) => `${String(issue.path[0] ?? '(environment)')}: ${issue.message}`);
    super(`Invalid platform environment:\n  ${lines.join('\n  ')}`);
    this.name = 'PlatformEnvError';
    this.variables = variables;
  }
}

/**
 * Parses an environment (default: process.env).
 * @throws {PlatformEnvError} naming every invalid variable.
 */
export function parsePlatformEnv(source: Record<string, string | undefined> = process.env): PlatformEnv {
  const result = platformEnvSchema.safeParse(source);
  if (!result.success) throw new PlatformEnvError(result.error.issues);
  return result.data;
}

let cached: PlatformEnv | undefined;

/** The process's platform environment, parsed on first use and then reused. @throws {PlatformEnvError} */
export function loadPlatformEnv(): PlatformEnv {
  cached ??= parsePlatformEnv(process.env);
  return cached;
}

/**
 * Origins allowed to make state-changing calls besides the request's own: SITE_URL's origin and
 * API_ALLOWED_ORIGINS, without duplicates.
 */
export function configuredOrigins(env: PlatformEnv): string[] {
  const origins = [...(env.SITE_URL ? [new URL(env.SITE_URL).origin] : []), ...(env.API_ALLOWED_ORIGINS ?? [])];
  return [...new Set(origins)];
}
