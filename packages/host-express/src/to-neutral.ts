import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HttpRequest, HttpResponse } from '@simplane/http';

/** Express request to neutral request. The body stays a stream: nothing is buffered here. */
export function toNeutralRequest(req: Request): HttpRequest {
  return {
    method: req.method,
    url: req.url,
    headers: req.headers,
    body: req,
  };
}

/** Neutral response to Express response, streaming bodies that stream. */
export async function writeNeutralResponse(res: Response, response: HttpResponse): Promise<void> {
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  const body = response.body;
  if (body === null) {
    res.end();
  } else if (body instanceof Uint8Array) {
    res.end(body);
  } else {
    await pipeline(Readable.from(body), res);
  }
}
