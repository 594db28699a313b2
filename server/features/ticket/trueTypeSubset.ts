/** A font subset as pdfkit uses fontkit's: glyphs are added as the text needs them, then written as one font. */
export interface FontSubset {
  /** the glyph's id in the subset (added on first use) */
  includeGlyph(glyphId: number): number;
  /** the subset as a TrueType font file */
  encode(): Uint8Array;
}

/** The tables a PDF's embedded TrueType font needs, in the order fontkit writes them (absent ones are left out). */
const SUBSET_TABLES = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;
type TableTag = (typeof SUBSET_TABLES)[number];

// composite glyph flags (OpenType 'glyf' table)
const ARGS_ARE_WORDS = 0x1;
const HAS_SCALE = 0x8;
const MORE_COMPONENTS = 0x20;
const HAS_XY_SCALE = 0x40;
const HAS_TWO_BY_TWO = 0x80;

/** Where each table of a TrueType file lies; null when the file is not a single TrueType font with glyph outlines. */
function tablesOf(file: Buffer): Map<string, Buffer> | null {
  const version = file.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x74727565) return null;
  const tables = new Map<string, Buffer>();
  for (let index = 0; index < file.readUInt16BE(4); index += 1) {
    const record = 12 + 16 * index;
    const offset = file.readUInt32BE(record + 8);
    tables.set(
      file.toString('latin1', record, record + 4),
      file.subarray(offset, offset + file.readUInt32BE(record + 12)),
    );
  }
  return ['head', 'hhea', 'loca', 'maxp', 'glyf', 'hmtx'].every((tag) => tables.has(tag)) ? tables : null;
}

/**
 * Subsets of a TrueType font read straight from its file, written as fontkit's TTFSubset writes them (the same
 * tables and bytes), without decoding each glyph's outline as fontkit does on every subset: copying the glyphs'
 * bytes makes a subset nearly free, where fontkit's cost half an invoice's rendering. Null for other fonts (CFF,
 * collections), which fontkit's own subsets serve.
 *
 * @example const subsetOf = trueTypeSubsets(fs.readFileSync(path)); const subset = subsetOf?.(); subset?.includeGlyph(36)
 */
export function trueTypeSubsets(file: Buffer): (() => FontSubset) | null {
  const tables = tablesOf(file);
  if (!tables) return null;
  const table = (tag: string) => tables.get(tag) as Buffer;
  const longOffsets = table('head').readInt16BE(50) === 1;
  const loca = table('loca');
  const glyf = table('glyf');
  const hmtx = table('hmtx');
  const metricCount = table('hhea').readUInt16BE(34);
  const glyphOffset = (id: number) =>
    longOffsets ? loca.readUInt32BE(4 * id) : 2 * loca.readUInt16BE(2 * id);
  const glyphBytes = (id: number) => glyf.subarray(glyphOffset(id), glyphOffset(id + 1));
  const metricsOf = (id: number) => {
    const last = Math.min(id, metricCount - 1);
    const bearing =
      id < metricCount
        ? hmtx.readInt16BE(4 * id + 2)
        : hmtx.readInt16BE(4 * metricCount + 2 * (id - metricCount));
    return { advance: metricCount ? hmtx.readUInt16BE(4 * last) : 0, bearing };
  };

  return () => {
    const glyphs: number[] = [];
    const mapping = new Map<number, number>();
    const includeGlyph = (glyphId: number) => {
      let subsetId = mapping.get(glyphId);
      if (subsetId === undefined) {
        subsetId = glyphs.push(glyphId) - 1;
        mapping.set(glyphId, subsetId);
      }
      return subsetId;
    };
    // always the missing glyph first
    includeGlyph(0);

    /** A glyph's bytes; a composite one's components are added to the subset and renumbered in a copy. */
    const subsetGlyph = (id: number) => {
      const bytes = glyphBytes(id);
      if (bytes.length < 10 || bytes.readInt16BE(0) >= 0) return bytes;
      const copy = Buffer.from(bytes);
      for (let at = 10, flags = MORE_COMPONENTS; flags & MORE_COMPONENTS;) {
        flags = copy.readUInt16BE(at);
        copy.writeUInt16BE(includeGlyph(copy.readUInt16BE(at + 2)), at + 2);
        at += 4 + (flags & ARGS_ARE_WORDS ? 4 : 2);
        if (flags & HAS_SCALE) at += 2;
        else if (flags & HAS_XY_SCALE) at += 4;
        else if (flags & HAS_TWO_BY_TWO) at += 8;
      }
      return copy;
    };

    const encode = () => {
      const glyphData: Buffer[] = [];
      // components join the list while it is walked
      for (let index = 0; index < glyphs.length; index += 1) glyphData.push(subsetGlyph(glyphs[index]));
      const count = glyphs.length;
      const newLoca = Buffer.alloc((count + 1) * (longOffsets ? 4 : 2));
      let offset = 0;
      glyphData.forEach((bytes, index) => {
        writeOffset(newLoca, index, offset, longOffsets);
        offset += bytes.length;
      });
      writeOffset(newLoca, count, offset, longOffsets);
      const newHmtx = Buffer.alloc(4 * count);
      glyphs.forEach((id, index) => {
        const { advance, bearing } = metricsOf(id);
        newHmtx.writeUInt16BE(advance, 4 * index);
        newHmtx.writeInt16BE(bearing, 4 * index + 2);
      });
      const hhea = Buffer.from(table('hhea'));
      hhea.writeUInt16BE(count, 34);
      const maxp = Buffer.from(table('maxp'));
      maxp.writeUInt16BE(count, 4);
      const written: Partial<Record<TableTag, Buffer>> = {
        head: table('head'),
        hhea,
        loca: newLoca,
        maxp,
        'cvt ': tables.get('cvt '),
        prep: tables.get('prep'),
        glyf: Buffer.concat(glyphData),
        hmtx: newHmtx,
        fpgm: tables.get('fpgm'),
      };
      return fontFile(SUBSET_TABLES.flatMap((tag) => (written[tag] ? [[tag, written[tag]] as const] : [])));
    };

    return { includeGlyph, encode };
  };
}

function writeOffset(loca: Buffer, index: number, offset: number, long: boolean) {
  if (long) loca.writeUInt32BE(offset, 4 * index);
  else loca.writeUInt16BE(offset >>> 1, 2 * index);
}

/** A font file of these tables in this order, headed as fontkit heads its subsets ('true', checksums left 0). */
function fontFile(tables: ReadonlyArray<readonly [string, Buffer]>): Buffer {
  const power = 2 ** Math.floor(Math.log2(tables.length));
  const header = Buffer.alloc(12 + 16 * tables.length);
  header.write('true', 0, 'latin1');
  header.writeUInt16BE(tables.length, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tables.length * 16 - power * 16, 10);
  let offset = header.length;
  tables.forEach(([tag, bytes], index) => {
    const record = 12 + 16 * index;
    header.write(tag, record, 'latin1');
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(bytes.length, record + 12);
    offset += bytes.length;
  });
  return Buffer.concat([header, ...tables.map(([, bytes]) => bytes)]);
}
