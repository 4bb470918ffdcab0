/**
 * 128 bits of a string's hash as 32 hex digits: four 32-bit lanes of MurmurHash3-style mixing
 * (cyrb128). Event ids need to be stable and distinct, not secret: this is a tenth of the cost of
 * sha256 through node:crypto for the short texts an advance hashes by the thousand.
 */
export function hex128(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return hex32(h1) + hex32(h2) + hex32(h3) + hex32(h4);
}

const BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex32(h: number): string {
  return BYTES[(h >>> 24) & 255]! + BYTES[(h >>> 16) & 255]! + BYTES[(h >>> 8) & 255]! + BYTES[h & 255]!;
}
