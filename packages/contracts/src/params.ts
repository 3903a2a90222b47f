import { z } from 'zod';
import { messageKeys } from './message-keys.ts';
import { text } from './text.ts';

const maxInt32 = 2_147_483_647;

/** A database id in a URL path or query: digits only, within PostgreSQL's integer range. */
export const idParam = text()
  .regex(/^\d{1,10}$/, messageKeys.positiveInteger)
  .transform(Number)
  .refine((id) => id >= 1 && id <= maxInt32, messageKeys.positiveInteger);

export const slugParam = text()
  .min(1)
  .max(200)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u, messageKeys.slug);

export const pageParam = text()
  .regex(/^\d{1,6}$/, messageKeys.positiveInteger)
  .transform(Number)
  .refine((page) => page >= 1 && page <= 10_000, messageKeys.pageRange);

export const maxPageSize = 48;

export const pageSizeParam = text()
  .regex(/^\d{1,3}$/, messageKeys.pageSizeRange)
  .transform(Number)
  .refine((size) => size >= 1 && size <= maxPageSize, messageKeys.pageSizeRange);

export const pagedParams = z.object({ page: pageParam, pageSize: pageSizeParam });

export const idQuery = z.object({ id: idParam });

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A decimal number in a query string ("48.1", "-11.5"). */
export const decimalQuery = text()
  .regex(/^-?\d{1,4}(\.\d{1,12})?$/, messageKeys.decimal)
  .transform(Number);
