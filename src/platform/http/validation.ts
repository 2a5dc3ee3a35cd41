/**
 * Validation for every route declared with @hono/zod-openapi: `createRouter()` makes an
 * OpenAPIHono whose default hook turns a failed zod parse (body, query, params, headers, cookies)
 * into 400 { error: { code: 'invalid_request', message, fields: [{ path, message }] } }, so routes
 * get validation, TypeScript types and the OpenAPI document from the same schemas and never
 * answer 500 for bad input.
 */
import { OpenAPIHono, type OpenAPIHonoOptions } from '@hono/zod-openapi';
import type { z } from 'zod';
import { ApiError, type FieldIssue } from './errors.ts';
import type { PlatformHonoEnv } from './types.ts';

/** The failing fields of a zod error as dotted paths ('' for the whole value). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Throws 400 invalid_request naming the failing fields when validation failed. */
export const validationHook: NonNullable<OpenAPIHonoOptions<PlatformHonoEnv>['defaultHook']> = (result) => {
  if (!result.success) {
    throw new ApiError(400, 'invalid_request', `The request has invalid fields (${result.target})`, { fields: fieldIssues(result.error) });
  }
};

/** A feature router: an OpenAPIHono with the platform's Env type and validation hook. */
export function createRouter(): OpenAPIHono<PlatformHonoEnv> {
  return new OpenAPIHono<PlatformHonoEnv>({ defaultHook: validationHook });
}
