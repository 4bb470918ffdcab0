import { deflateRawSync } from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SpecificationRejected } from '../../diagnostics/diagnostics.js';
import { readBundle } from './read-bundle.js';

const WSDL = strToU8('<?xml version="1.0"?>\n<!-- a service -->\n<w:definitions xmlns:w="http://schemas.xmlsoap.org/wsdl/"/>');
const XSD = strToU8('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>');

function refusal(run: () => unknown): { code: string; message: string; location: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof SpecificationRejected) return error.issues[0]!;
    throw error;
  }
  throw new Error('not refused');
}

/**
 * A zip of deflated entries written by hand, so a test can deflate hundreds of megabytes with
 * node's native zlib and make the headers claim any inflated size.
 */
function rawZip(entries: { name: string; data: Uint8Array; claimedSize?: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const deflated = deflateRawSync(entry.data, { level: 1 });
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(entry.claimedSize ?? entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(entry.claimedSize ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A zip whose entries keep the given order (fflate writes them in insertion order). */
const zip = (files: Zippable): Uint8Array => zipSync(files, { level: 6 });

describe('readBundle', () => {
  it('takes a lone document as service.wsdl', () => {
    const bundle = readBundle(WSDL);
    expect(bundle.main).toBe('service.wsdl');
    expect([...bundle.files.keys()]).toEqual(['service.wsdl']);
  });

  it('reads nested folders, normalising separators and skipping folders', () => {
    const bundle = readBundle(zip({ 'api/service.wsdl': WSDL, 'api/schemas/': {}, 'api\\schemas\\types.xsd': XSD, 'common/./base.xsd': XSD }));
    expect(bundle.main).toBe('api/service.wsdl');
    expect([...bundle.files.keys()]).toEqual(['api/service.wsdl', 'api/schemas/types.xsd', 'common/base.xsd']);
    expect(Buffer.from(bundle.files.get('api/schemas/types.xsd')!).toString()).toContain('xs:schema');
  });

  it('takes the only .wsdl when the first entry is not a WSDL', () => {
    expect(readBundle(zip({ 'types.xsd': XSD, 'x/service.wsdl': WSDL })).main).toBe('x/service.wsdl');
  });

  it('takes a first entry whose root is definitions whatever its extension', () => {
    expect(readBundle(zip({ 'service.xml': WSDL, 'a.wsdl': WSDL, 'b.wsdl': WSDL })).main).toBe('service.xml');
  });

  it('refuses a zip without a WSDL, or with several and none first', () => {
    expect(refusal(() => readBundle(zip({ 'types.xsd': XSD }))).code).toBe('bundle_no_wsdl');
    const several = refusal(() => readBundle(zip({ 'types.xsd': XSD, 'a.wsdl': WSDL, 'b.wsdl': WSDL })));
    expect(several.code).toBe('bundle_no_wsdl');
    expect(several.message).toContain('a.wsdl, b.wsdl');
  });

  it('refuses entries that climb out or are absolute, naming them', () => {
    const climbing = refusal(() => readBundle(zip({ 'service.wsdl': WSDL, 'a/../../evil.xsd': XSD })));
    expect(climbing.code).toBe('bundle_unsafe');
    expect(climbing.message).toContain('a/../../evil.xsd');
    expect(refusal(() => readBundle(zip({ 'service.wsdl': WSDL, '../../evil': XSD }))).code).toBe('bundle_unsafe');
    expect(refusal(() => readBundle(zip({ 'service.wsdl': WSDL, '/etc/passwd': XSD }))).code).toBe('bundle_unsafe');
    expect(refusal(() => readBundle(zip({ 'service.wsdl': WSDL, 'C:\\evil.xsd': XSD }))).code).toBe('bundle_unsafe');
  });

  it('refuses a symbolic link', () => {
    const bytes = zipSync({ 'service.wsdl': WSDL, 'link.xsd': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] });
    const refused = refusal(() => readBundle(bytes));
    expect(refused.code).toBe('bundle_unsafe');
    expect(refused.message).toContain('link.xsd');
  });

  it('refuses two entries with one path', () => {
    const bytes = zip({ 'service.wsdl': WSDL, 'a/types.xsd': XSD, 'a\\types.xsd': XSD });
    expect(refusal(() => readBundle(bytes)).code).toBe('bundle_unsafe');
  });

  it('refuses more than 1,000 entries before inflating any', () => {
    const files: Zippable = { 'service.wsdl': WSDL };
    for (let i = 0; i < 1001; i++) files[`x/${i}.xsd`] = XSD;
    const refused = refusal(() => readBundle(zip(files)));
    expect(refused.code).toBe('bundle_unsafe');
    expect(refused.message).toContain('1002 entries');
  });

  it('refuses a zip bomb without inflating it all, whatever its header claims', () => {
    const bomb = rawZip([
      { name: 'service.wsdl', data: WSDL },
      { name: 'zeros.xsd', data: new Uint8Array(200 * 1024 * 1024), claimedSize: 1000 },
    ]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const refused = refusal(() => readBundle(bomb));
    expect(refused.code).toBe('bundle_unsafe');
    expect(refused.message).toContain('zeros.xsd');
  });

  it('refuses an honest bomb from its header alone', () => {
    const bomb = rawZip([{ name: 'service.wsdl', data: WSDL }, { name: 'zeros.xsd', data: new Uint8Array(200 * 1024 * 1024) }]);
    const refused = refusal(() => readBundle(bomb));
    expect(refused.code).toBe('bundle_unsafe');
    expect(refused.message).toContain('zeros.xsd');
  });

  it('refuses more than 64 MiB inflated in total even at a modest ratio', () => {
    const text = new Uint8Array(8 * 1024 * 1024);
    let x = 1;
    for (let i = 0; i < text.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      text[i] = 97 + ((x >>> 16) % 16);
    }
    const entries = [{ name: 'service.wsdl', data: WSDL }, ...Array.from({ length: 9 }, (_, i) => ({ name: `big${i}.xsd`, data: text }))];
    const refused = refusal(() => readBundle(rawZip(entries)));
    expect(refused.code).toBe('bundle_unsafe');
    expect(refused.message).toContain('64 MiB');
  });

  it('refuses a damaged zip as bundle_invalid', () => {
    const bytes = zip({ 'service.wsdl': WSDL });
    expect(refusal(() => readBundle(bytes.subarray(0, bytes.length - 10))).code).toBe('bundle_invalid');
  });
});
