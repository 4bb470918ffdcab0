import { z } from 'zod';

/** Response shapes, for the OpenAPI document. Request shapes come from core's input schemas. */
export const specificationIssueSchema = z.strictObject({
  code: z.string(),
  kind: z.enum(['invalid', 'unsupported', 'incomplete', 'unknown']),
  operation: z.string().max(243),
  location: z.string().max(512),
  message: z.string(),
  suggestion: z.string(),
});

export const specificationValidationSchema = z.strictObject({ issues: z.array(specificationIssueSchema).max(20) });

export const errorSchema = z.strictObject({
  code: z.string().min(1),
  detail: z.string().min(1),
  validation: specificationValidationSchema.nullable(),
});

export const credentialSchema = z.strictObject({
  id: z.string().regex(/^crd_[0-9A-HJKMNP-TV-Z]{26}$/),
  name: z.string(),
  base_url: z.string().nullable(),
  header: z.string(),
  created_at: z.iso.datetime(),
});

export const listCredentialsResponseSchema = z.strictObject({
  credentials: z.array(credentialSchema),
  next_cursor: z.string().nullable(),
});
