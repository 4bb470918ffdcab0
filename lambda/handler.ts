/**
 * The packaged Lambda function (`npm run package:lambda`, docs/deployment.md): the control plane
 * on PostgreSQL and, with SIMPLANE_S3_BUCKET, S3, behind API Gateway REST (v1), an HTTP API
 * (v2) or a function URL. The zip's `index.js` re-exports `handler`, so the function's handler
 * is `index.handler`.
 */
import { openControlPlane } from '@simplane/composition';
import { createLambdaHandler } from '@simplane/host-lambda';
import { lambdaConfig } from './lambda-config.js';

// Opened once per cold start, outside the handler (migrating the schema under a lock), and
// reused by every invocation of this execution environment; the catalog is installed before
// the first invocation is answered.
const plane = await openControlPlane(lambdaConfig(process.env));
await plane.ready;

export const handler = createLambdaHandler(plane.handle);
