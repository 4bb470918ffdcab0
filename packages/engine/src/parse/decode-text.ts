import { reject } from '../diagnostics/diagnostics.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes bytes as strict UTF-8 (a BOM is dropped); any invalid sequence refuses the document. */
export function decodeText(bytes: Uint8Array, what = 'document'): string {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    reject('encoding_invalid', { location: what === 'document' ? '' : what }, `The ${what} is not valid UTF-8 text.`);
  }
  if (text.trim() === '') reject(what === 'document' ? 'document_empty' : 'overlay_invalid', { location: what === 'document' ? '' : what }, `The ${what} is empty.`);
  return text;
}
