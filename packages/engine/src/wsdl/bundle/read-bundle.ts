import { reject } from '../../diagnostics/diagnostics.js';
import { isZip, unzipBounded, type ZipFile } from './unzip-bounded.js';

/**
 * The upload as a set of documents: one WSDL, or a zip holding the WSDL and the XSDs (and
 * further WSDLs) it imports by relative path. Nothing is parsed here beyond a glance at the
 * first entry's root element, to tell which file is the WSDL.
 */
export interface Bundle {
  /** The WSDL's path in `files`. */
  main: string;
  /** By normalised path (bundle-path.ts), in archive order. */
  files: Map<string, Uint8Array>;
}

/** What a lone document is called, as served and in diagnostics. */
export const SINGLE_DOCUMENT = 'service.wsdl';

const isWsdlName = (path: string): boolean => /\.wsdl$/i.test(path);

/**
 * Whether the bytes look like XML whose root is a `definitions` element (any prefix): a WSDL
 * saved as `.xml` or with no extension. Only the head is read, past the declaration and comments.
 */
function hasDefinitionsRoot(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 8192)).toString('utf8').replace(/^\uFEFF/, '');
  const rest = head.replace(/^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/, '');
  return /^<(?:[A-Za-z_][\w.-]*:)?definitions[\s>/]/.test(rest);
}

function chooseMain(files: ZipFile[]): string {
  const first = files[0];
  if (first === undefined) return reject('bundle_no_wsdl', { location: 'spec' }, 'The zip holds no files.');
  if (isWsdlName(first.path) || hasDefinitionsRoot(first.bytes)) return first.path;
  const wsdls = files.filter((file) => isWsdlName(file.path)).map((file) => file.path);
  if (wsdls.length === 1) return wsdls[0]!;
  if (wsdls.length === 0) return reject('bundle_no_wsdl', { location: 'spec' }, `The zip holds no .wsdl file (its first entry is ${first.path}).`);
  const named = wsdls.slice(0, 10).join(', ') + (wsdls.length > 10 ? `, and ${wsdls.length - 10} more` : '');
  return reject('bundle_no_wsdl', { location: 'spec' }, `The zip holds ${wsdls.length} .wsdl files (${named}) and its first entry, ${first.path}, is not one of them, so which is the service is unclear.`);
}

/** Reads the uploaded spec: a zip (by its magic bytes) or a single document. */
export function readBundle(spec: Uint8Array): Bundle {
  if (!isZip(spec)) return { main: SINGLE_DOCUMENT, files: new Map([[SINGLE_DOCUMENT, spec]]) };
  const files = unzipBounded(spec);
  const main = chooseMain(files);
  return { main, files: new Map(files.map((file) => [file.path, file.bytes])) };
}
