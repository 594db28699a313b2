import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { zipArchive, zipContent, zipPieces } from '../../server/features/passes/pkpass/zipWriter';

/** `unzip -t`'s verdict on an archive (it checks every CRC), or undefined when unzip is not on the machine. */
function unzipTest(archive: Buffer): string | undefined {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-writer-'));
  try {
    const file = path.join(folder, 'test.zip');
    fs.writeFileSync(file, archive);
    return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('zip writer', () => {
  const image = crypto.randomBytes(70_000);
  const json = Buffer.from(JSON.stringify({ description: 'Věrnostní karta', fields: 'x'.repeat(5_000) }));
  const strings = Buffer.from('"Name" = "Jméno";\n');
  const empty = Buffer.alloc(0);

  it('writes stored and deflated files, UTF-8 names and an empty one, that unzip and fflate read back', () => {
    const archive = zipArchive([
      { name: 'pass.json', content: zipContent(json, true) },
      { name: 'icon.png', content: zipContent(image, false) },
      { name: 'cs.lproj/pass.strings', content: zipContent(strings, true) },
      { name: 'čeština/ÿ.txt', content: zipContent(strings, false) },
      { name: 'empty', content: zipContent(empty, true) },
    ]);
    const files = unzipSync(new Uint8Array(archive));
    expect(Object.keys(files)).toEqual([
      'pass.json',
      'icon.png',
      'cs.lproj/pass.strings',
      'čeština/ÿ.txt',
      'empty',
    ]);
    expect(Buffer.from(files['pass.json'])).toEqual(json);
    expect(Buffer.from(files['icon.png'])).toEqual(image);
    expect(Buffer.from(files['cs.lproj/pass.strings'])).toEqual(strings);
    expect(Buffer.from(files['čeština/ÿ.txt'])).toEqual(strings);
    expect(files.empty.length).toBe(0);
    // the JSON is deflated, the image stored as it is
    expect(archive.length).toBeLessThan(image.length + json.length);
    const verdict = unzipTest(archive);
    if (verdict !== undefined) expect(verdict).toMatch(/No errors detected/);
  });

  it('reuses a prepared content in many archives, each whole', () => {
    const prepared = zipContent(image, false);
    for (const serial of ['a', 'b']) {
      const own = Buffer.from(`{"serialNumber":"${serial}"}`);
      const archive = zipArchive([
        { name: 'pass.json', content: zipContent(own, true) },
        { name: 'strip.png', content: prepared },
      ]);
      const files = unzipSync(new Uint8Array(archive));
      expect(Buffer.from(files['pass.json'])).toEqual(own);
      expect(Buffer.from(files['strip.png'])).toEqual(image);
    }
  });

  it("sends large contents as the caller's own buffers and copies only headers and small files", () => {
    const small = Buffer.from('{"serialNumber":"c"}');
    const logo = crypto.randomBytes(5_000);
    const { pieces, size } = zipPieces([
      { name: 'pass.json', content: zipContent(small, false) },
      { name: 'strip.png', content: zipContent(image, false) },
      { name: 'logo.png', content: zipContent(logo, false) },
      { name: 'icon.png', content: zipContent(strings, false) },
    ]);
    // the images themselves, not copies; everything else in three pieces of one small buffer
    expect(pieces.filter((piece) => piece === image || piece === logo)).toHaveLength(2);
    expect(pieces).toHaveLength(5);
    const copied = pieces.filter((piece) => piece !== image && piece !== logo);
    expect(new Set(copied.map((piece) => piece.buffer)).size).toBe(1);
    expect(copied.reduce((bytes, piece) => bytes + piece.length, 0)).toBeLessThan(1_000);
    const joined = Buffer.concat(pieces);
    expect(joined.length).toBe(size);
    const files = unzipSync(new Uint8Array(joined));
    expect(Buffer.from(files['strip.png'])).toEqual(image);
    expect(Buffer.from(files['logo.png'])).toEqual(logo);
    expect(Buffer.from(files['icon.png'])).toEqual(strings);
    const verdict = unzipTest(joined);
    if (verdict !== undefined) expect(verdict).toMatch(/No errors detected/);
  });

  it('writes an archive of no files', () => {
    expect(Object.keys(unzipSync(new Uint8Array(zipArchive([]))))).toEqual([]);
  });
});
