#!/usr/bin/env node
/**
 * Writes @simplane/client's types (packages/client/src/generated/control-plane.ts) from the
 * control plane's own OpenAPI document (docs/openapi.yaml) with openapi-typescript. A test
 * generates them again in memory and fails when the committed file differs.
 *
 * JsonValue (any JSON value) refers to itself through an array, which TypeScript refuses as a
 * property type (TS2502); it is written as `unknown`, which is what any JSON value is to a type.
 *
 *   npm run client:types    (npm run docs:openapi runs it too)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const documentUrl = new URL('../docs/openapi.yaml', import.meta.url);
export const typesUrl = new URL('../packages/client/src/generated/control-plane.ts', import.meta.url);

/** The generated file's text, as it is to be committed. */
export async function generateClientTypes() {
  const ast = await openapiTS(documentUrl, {
    transform(_schema, options) {
      if (options.path === '#/components/schemas/JsonValue') return ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword);
      return undefined;
    },
  });
  return COMMENT_HEADER + astToString(ast);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(typesUrl, await generateClientTypes());
  process.stdout.write(`wrote ${fileURLToPath(typesUrl)}\n`);
}
