/**
 * The platform API's environment (ARCHITECTURE "The platform API's shape": env.ts) as one zod
 * schema, parsed once per process. A bad value fails at start-up with a PlatformEnvError naming
 * every offending variable, never at the first request that reads it. Every variable is optional
 * with a safe local default; what each means is in docs/configuration.md (a unit test keeps that
 * table and this schema in step). Features that need more add their variables here.
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
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      )
      .pipe(z.array(origin)),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).transform((value) => value ?? 'info'),
  NODE_ENV: optional(z.string().trim()),
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  TERRACE_DATA_DIR: optional(z.string().trim()),
  COGNITO_REGION: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1'),
  ).transform((value) => value ?? 'eu-west-1'),
  COGNITO_USER_POOL_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[\w-]+_[0-9A-Za-z]+$/, 'must be a user pool id such as eu-west-1_AbCd1234'),
  ),
  COGNITO_CLIENT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[\w+]+$/, 'must be an app client id'),
  ),
  COGNITO_CLIENT_SECRET: optional(
    z
      .string()
      .trim()
      .regex(/^[\w+/=-]{16,256}$/, 'must be an app client secret'),
  ),
  COGNITO_HOSTED_CLIENT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[\w+]+$/, 'must be an app client id'),
  ),
  COGNITO_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  COGNITO_ISSUER: optional(z.url({ protocol: /^https?$/ })),
  COGNITO_DOMAIN: optional(z.url({ protocol: /^https?$/ })),
  RETURN_HOSTS: optional(z.string()),
  COOKIE_SECURE: optional(z.enum(['auto', 'always'])).transform((value) => value ?? 'auto'),
  DEVICE_COOKIE_SECRET: optional(z.string().trim().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')),
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_[\w-]+$/, 'must be a Stripe secret or restricted key (sk or rk, test or live mode)'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z
      .string()
      .trim()
      .regex(/^whsec_[\w-]+$/, 'must be a Stripe webhook signing secret'),
  ),
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })),
  CONTENT_WEBHOOK_SECRET: optional(z.string().trim().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')),
  NETLIFY_BUILD_HOOK_URL: optional(z.url({ protocol: /^https?$/ })),
  MATCH_FEED_SECRET: optional(z.string().trim().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')),
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

/** The Cognito settings the accounts feature needs, or null while pool or client is not configured. */
export interface CognitoSettings {
  region: string;
  userPoolId: string;
  /** The confidential server client: password, sign-up, code and refresh flows. */
  clientId: string;
  /** Its secret (SECRET_HASH); undefined for a client without one (a local setup without it). */
  clientSecret: string | undefined;
  /** The client the hosted sign-in's authorize redirect names (code flow only). */
  hostedClientId: string;
  /** Every client whose tokens the platform accepts. */
  clientIds: string[];
  /** The emulator's endpoint (local only); undefined means the SDK's regional endpoint. */
  endpoint: string | undefined;
  /** The tokens' `iss`; keys at `${issuer}/.well-known/jwks.json`. */
  issuer: string;
  /** The hosted sign-in domain (no trailing slash), when configured. */
  domain: string | undefined;
}

/**
 * The Cognito settings of `env` (docs/identity-local.md "The contract"): the issuer is
 * COGNITO_ISSUER, else `${COGNITO_ENDPOINT}/${pool}`, else Cognito's regional issuer.
 */
export function cognitoSettings(env: PlatformEnv): CognitoSettings | null {
  if (!env.COGNITO_USER_POOL_ID || !env.COGNITO_CLIENT_ID) return null;
  const endpoint = env.COGNITO_ENDPOINT?.replace(/\/+$/, '');
  const issuer =
    env.COGNITO_ISSUER?.replace(/\/+$/, '') ??
    (endpoint ? `${endpoint}/${env.COGNITO_USER_POOL_ID}` : `https://cognito-idp.${env.COGNITO_REGION}.amazonaws.com/${env.COGNITO_USER_POOL_ID}`);
  return {
    region: env.COGNITO_REGION,
    userPoolId: env.COGNITO_USER_POOL_ID,
    clientId: env.COGNITO_CLIENT_ID,
    clientSecret: env.COGNITO_CLIENT_SECRET,
    hostedClientId: env.COGNITO_HOSTED_CLIENT_ID ?? env.COGNITO_CLIENT_ID,
    clientIds: [...new Set([env.COGNITO_CLIENT_ID, env.COGNITO_HOSTED_CLIENT_ID ?? env.COGNITO_CLIENT_ID])],
    endpoint,
    issuer,
    domain: env.COGNITO_DOMAIN?.replace(/\/+$/, ''),
  };
}

/**
 * Origins allowed to make state-changing calls besides the request's own: SITE_URL's origin and
 * API_ALLOWED_ORIGINS, without duplicates.
 */
export function configuredOrigins(env: PlatformEnv): string[] {
  const origins = [...(env.SITE_URL ? [new URL(env.SITE_URL).origin] : []), ...(env.API_ALLOWED_ORIGINS ?? [])];
  return [...new Set(origins)];
}

/** How the payments feature talks to Stripe. */
export interface StripeSettings {
  /** The API key (sk_… / rk_…), or null when payments are not configured (they answer 503). */
  secretKey: string | null;
  /** The webhook signing secret, or null (the webhook then refuses every delivery). */
  webhookSecret: string | null;
  /** The stand-in's address for the SDK (host, port, protocol), or null for api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

/**
 * The Stripe settings of `env`: STRIPE_API_URL's host, port and protocol for the SDK when set; the
 * key and secret only as the environment gives them (locally the stack passes the stand-in's, made
 * at random per start). No default: without a key payments answer 503.
 */
export function stripeSettings(env: PlatformEnv): StripeSettings {
  const url = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    api: url ? { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol } : null,
  };
}
