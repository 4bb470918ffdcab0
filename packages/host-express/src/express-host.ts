import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import type { Handler } from '@simplane/http';
import { toNeutralRequest, writeNeutralResponse } from './to-neutral.js';

/**
 * A router that hands every request to the neutral handler. Mount it anywhere: paths are
 * taken relative to the mount point. Install no body parsers in front of it; it reads the body
 * itself, under the operation's limits.
 */
export function createSimplaneRouter(handle: Handler): Router {
  const router = express.Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    handle(toNeutralRequest(req))
      .then((response) => writeNeutralResponse(res, response))
      .catch(next);
  });
  return router;
}

/** A whole Express app serving the control plane at its root. */
export function createExpressApp(handle: Handler): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(createSimplaneRouter(handle));
  return app;
}
