import express, { type Express, type RequestHandler } from 'express';
import type { Handler } from '@simplane/http';
import { createNodeListener } from '@simplane/host-node';

/**
 * Express middleware that hands every request to the neutral handler. Mount it anywhere:
 * paths are taken relative to the mount point (Express gives `req.url` without the mount
 * path and leaves it so, as this middleware never calls `next`). Install no body parsers in
 * front of it; it reads the body itself, under the operation's limits.
 *
 * An Express request and response are node:http's, so past the mount point the Express host
 * is the node:http host: the same translation, the same turns of the event loop for handling
 * and writing, the same 500 problem for a handler that fails (never Express's HTML error
 * page). A function rather than an `express.Router()`: a router of one middleware is a second
 * walk of a layer stack on every request, for nothing.
 */
export function createSimplaneRouter(handle: Handler): RequestHandler {
  const listener = createNodeListener(handle);
  return (req, res) => listener(req, res);
}

/** A whole Express app serving the control plane at its root. */
export function createExpressApp(handle: Handler): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(createSimplaneRouter(handle));
  return app;
}
