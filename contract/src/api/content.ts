import { z } from 'zod';
import { envelope } from '../envelope.js';

/** Page names of the content backend (spec §7), each served as JSON text in `packageHtml`. */
export const activePackageQuery = z.object({
  opco: z.string().min(2).max(4),
  pageUrl: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[A-Za-z0-9_.-]+$/),
  lang: z.string().min(2).max(5).optional(),
});

export const activePackageResponse = envelope(
  z.object({ pageUrl: z.string(), language: z.string(), packageHtml: z.string() }),
);
export type ActivePackage = z.infer<typeof activePackageResponse>['result'];
