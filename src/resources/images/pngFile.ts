import { textIn } from '../../../domain/problem';
import { IMAGE_MAX_BYTES, imageSizeProblems, type ImageType } from '../../../domain/template/limits';
import { notPngMessage, PNG_HEADER_BYTES, pngSize, sniffedMimeType } from '../../../domain/png';
import { formatFileSize } from './fileSize';

/** What the browser learns of a chosen file before uploading it (the server checks the same). */
export interface FileFacts {
  name: string;
  /** bytes */
  size: number;
  /** image/png when it starts like a PNG, else what its first bytes tell, else what the browser declared */
  mimeType: string;
  /** from the PNG header (IHDR), when it is a PNG */
  width?: number;
  height?: number;
}

/** The facts of a file from its name, size, declared type and first bytes. */
export function fileFacts(
  file: { name: string; size: number; type: string },
  firstBytes: Uint8Array,
): FileFacts {
  const size = pngSize(firstBytes);
  return { name: file.name, size: file.size, mimeType: sniffedMimeType(firstBytes, file.type), ...size };
}

/** Reads the first bytes of a file (FileReader: every browser, and jsdom). */
export function readFirstBytes(file: Blob, count = PNG_HEADER_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () =>
      reject(
        reader.error ?? new Error(`${file instanceof File ? file.name : 'The file'} could not be read.`),
      );
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/** A problem found in the browser, as a translation key and its arguments, or a text of domain/. */
export interface FileProblem {
  message: string;
  args?: Record<string, unknown>;
}

/**
 * Why a file cannot be uploaded as an image of the type (spec section 5): PNG only, 2 MB at most, the
 * type's size (in the console's language). Without a type only the first two are known.
 */
export function imageFileProblems(
  facts: FileFacts,
  type: ImageType | undefined,
  language = 'en',
): FileProblem[] {
  const problems: FileProblem[] = [];
  if (facts.mimeType !== 'image/png' || facts.width === undefined || facts.height === undefined) {
    problems.push({ message: textIn(notPngMessage(facts.mimeType, facts.name), language) });
  }
  if (facts.size > IMAGE_MAX_BYTES) {
    problems.push({
      message: 'app.image.tooLarge',
      args: { name: facts.name, size: formatFileSize(facts.size), limit: IMAGE_MAX_BYTES },
    });
  }
  if (type && facts.width !== undefined && facts.height !== undefined) {
    for (const message of imageSizeProblems(type, facts.width, facts.height))
      problems.push({ message: textIn(message, language) });
  }
  return problems;
}
