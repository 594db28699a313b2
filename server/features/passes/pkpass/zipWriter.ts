import zlib from 'node:zlib';

/** A file ready to be written into a zip archive: its bytes as stored (deflated or not), CRC-32 and sizes. */
export interface ZipContent {
  /** 0: stored as it is, 8: deflated */
  method: 0 | 8;
  /** CRC-32 of the uncompressed bytes */
  crc: number;
  /** uncompressed size */
  size: number;
  /** the bytes written: `data` itself when stored, its raw deflate when deflated */
  stored: Uint8Array;
}

/**
 * A file's content as a zip archive writes it: stored (PNGs are compressed already) or raw-deflated, with its CRC.
 *
 * @example const content = zipContent(Buffer.from('{}'), true)
 */
export function zipContent(data: Uint8Array, deflate: boolean): ZipContent {
  const crc = zlib.crc32(data);
  if (!deflate) return { method: 0, crc, size: data.length, stored: data };
  return { method: 8, crc, size: data.length, stored: zlib.deflateRawSync(data, { level: 6 }) };
}

/** MS-DOS time and date of a moment (local time, two-second steps), as zip headers carry them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL_DIRECTORY = 22;
/** general purpose flag bit 11: the name is UTF-8 */
const UTF8_NAME = 0x0800;

/**
 * The fields a local header and its central directory entry share, in the same order (22 bytes from `at`): flags,
 * method, time, date, CRC-32, stored and uncompressed sizes, name length.
 */
function writeEntryFields(
  buffer: Buffer,
  at: number,
  content: ZipContent,
  flags: number,
  nameLength: number,
  time: number,
  date: number,
): void {
  buffer.writeUInt16LE(flags, at);
  buffer.writeUInt16LE(content.method, at + 2);
  buffer.writeUInt16LE(time, at + 4);
  buffer.writeUInt16LE(date, at + 6);
  buffer.writeUInt32LE(content.crc >>> 0, at + 8);
  buffer.writeUInt32LE(content.stored.length, at + 12);
  buffer.writeUInt32LE(content.size, at + 16);
  buffer.writeUInt16LE(nameLength, at + 20);
}

/** Stored contents of at least this many bytes are referenced by an archive's pieces, not copied. */
const SHARED_MIN_BYTES = 4096;

/** A zip archive as the pieces it is sent from, in order, and its size in bytes. */
export interface ZipPieces {
  /** headers and small contents, copied; large stored contents (a template's images) as the caller's own buffers */
  pieces: Uint8Array[];
  size: number;
}

/**
 * A zip archive (no ZIP64: less than 4 GB, fewer than 65,535 files) of files whose content is prepared already
 * (zipContent, kept by the caller for files that do not change), as pieces: only the headers and the small contents
 * are written here, in one buffer of a few kilobytes; contents of 4 KB or more are referenced as they are. An
 * archive of large cached files thus costs neither a copy of their bytes nor an allocation of its size, which would
 * be garbage after every answer.
 *
 * @example const { pieces, size } = zipPieces([{ name: 'pass.json', content: zipContent(json, true) }])
 */
export function zipPieces(
  files: ReadonlyArray<{ name: string; content: ZipContent }>,
  modified = new Date(),
): ZipPieces {
  const { time, date } = dosDateTime(modified);
  const names = files.map((file) => Buffer.from(file.name, 'utf8'));
  const shared = (file: { content: ZipContent }) => file.content.stored.length >= SHARED_MIN_BYTES;
  let localBytes = 0;
  let centralBytes = 0;
  let copiedBytes = END_OF_CENTRAL_DIRECTORY;
  for (const [index, file] of files.entries()) {
    const header = LOCAL_HEADER + names[index].length;
    localBytes += header + file.content.stored.length;
    centralBytes += CENTRAL_HEADER + names[index].length;
    copiedBytes +=
      header + CENTRAL_HEADER + names[index].length + (shared(file) ? 0 : file.content.stored.length);
  }
  const copied = Buffer.allocUnsafe(copiedBytes);
  const pieces: Uint8Array[] = [];
  // `at`: where the next byte goes in `copied`; `from`: where its piece not yet listed starts
  let at = 0;
  let from = 0;
  let offset = 0;
  const offsets: number[] = [];
  for (const [index, file] of files.entries()) {
    const name = names[index];
    const { stored } = file.content;
    const flags = name.length !== file.name.length ? UTF8_NAME : 0;
    offsets.push(offset);
    copied.writeUInt32LE(0x04034b50, at);
    copied.writeUInt16LE(20, at + 4); // version needed: 2.0
    writeEntryFields(copied, at + 6, file.content, flags, name.length, time, date);
    copied.writeUInt16LE(0, at + 28); // extra field
    name.copy(copied, at + LOCAL_HEADER);
    at += LOCAL_HEADER + name.length;
    if (shared(file)) {
      pieces.push(copied.subarray(from, at), stored);
      from = at;
    } else {
      copied.set(stored, at);
      at += stored.length;
    }
    offset += LOCAL_HEADER + name.length + stored.length;
  }
  for (const [index, file] of files.entries()) {
    const name = names[index];
    const flags = name.length !== file.name.length ? UTF8_NAME : 0;
    copied.writeUInt32LE(0x02014b50, at);
    copied.writeUInt16LE(20, at + 4); // made by: 2.0, MS-DOS
    copied.writeUInt16LE(20, at + 6);
    writeEntryFields(copied, at + 8, file.content, flags, name.length, time, date);
    copied.fill(0, at + 30, at + 42); // extra, comment, disk, internal and external attributes
    copied.writeUInt32LE(offsets[index], at + 42);
    name.copy(copied, at + CENTRAL_HEADER);
    at += CENTRAL_HEADER + name.length;
  }
  copied.writeUInt32LE(0x06054b50, at);
  copied.writeUInt16LE(0, at + 4);
  copied.writeUInt16LE(0, at + 6);
  copied.writeUInt16LE(files.length, at + 8);
  copied.writeUInt16LE(files.length, at + 10);
  copied.writeUInt32LE(centralBytes, at + 12);
  copied.writeUInt32LE(localBytes, at + 16);
  copied.writeUInt16LE(0, at + 20);
  pieces.push(copied.subarray(from));
  return { pieces, size: localBytes + centralBytes + END_OF_CENTRAL_DIRECTORY };
}

/**
 * A zip archive as zipPieces makes it, in one buffer.
 *
 * @example const zip = zipArchive([{ name: 'pass.json', content: zipContent(json, true) }])
 */
export function zipArchive(
  files: ReadonlyArray<{ name: string; content: ZipContent }>,
  modified = new Date(),
): Buffer {
  const { pieces, size } = zipPieces(files, modified);
  return Buffer.concat(pieces, size);
}
