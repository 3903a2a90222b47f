import { z } from 'zod';

/** Stable error types of the API; the storefront reacts to these (SPEC §8). */
export const problemTypes = [
  'validation-error',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'payload-too-large',
  'too-many-requests',
  'service-unavailable',
  'internal-error',
] as const;
export type ProblemType = (typeof problemTypes)[number];

/** RFC 9457 problem details, as every error response of the API carries them. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  /** For validation errors: one entry per field, in the caller's language. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
