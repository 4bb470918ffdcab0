import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, type Zippable } from 'fflate';

/** The realistic WSDLs of test-fixtures/wsdl (its README describes them), for tests. */
export const WSDL_FIXTURES = fileURLToPath(new URL('../../test-fixtures/wsdl/', import.meta.url));

/** A fixture folder zipped as a user would upload it: the WSDL first, then the rest by path. */
export function folderZip(folder: string, first: string): Uint8Array {
  const root = join(WSDL_FIXTURES, folder);
  const files: Zippable = { [first]: readFileSync(join(root, first)) };
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (relative(root, path) !== first) files[relative(root, path)] = readFileSync(path);
    }
  };
  walk(root);
  return zipSync(files);
}
