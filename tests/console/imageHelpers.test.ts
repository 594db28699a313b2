import { formatFileSize } from '../../src/resources/images/fileSize';
import { translateImage, untranslateImage } from '../../src/resources/images/imageTranslation';
import { pngSize } from '../../domain/png';
import { fileFacts, imageFileProblems } from '../../src/resources/images/pngFile';
import { pngBytes } from './imageFiles';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [2097152, '2 MB'],
    [3 * 1024 ** 3 + 1024 ** 3 / 3, '3.33 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
  ])('%p bytes read %p', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('speaks Czech: the word for bytes and a decimal comma', () => {
    expect(formatFileSize(512, { locale: 'cs', bytes: 'bajtů' })).toBe('512 bajtů');
    expect(formatFileSize(1536, { locale: 'cs', bytes: 'bajtů' })).toBe('1,5 KB');
  });
});

describe('PNG checks in the browser', () => {
  it('reads width and height from the header', () => {
    expect(pngSize(pngBytes(640, 200))).toEqual({ width: 640, height: 200 });
    expect(pngSize(new TextEncoder().encode('GIF89a and more bytes than a header'))).toBeUndefined();
  });

  it('names a non-PNG by its content, whatever the browser declared', () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
    expect(fileFacts({ name: 'a.png', size: 10, type: 'image/png' }, gif).mimeType).toBe('image/gif');
    expect(
      fileFacts({ name: 'a.txt', size: 3, type: 'text/plain' }, new Uint8Array([1, 2, 3])).mimeType,
    ).toBe('text/plain');
  });

  it("applies the type's sizes only once a type is chosen", () => {
    const facts = fileFacts({ name: 'strip.png', size: 1000, type: 'image/png' }, pngBytes(640, 100));
    expect(imageFileProblems(facts, undefined)).toEqual([]);
    expect(imageFileProblems(facts, 'strip')).toEqual([
      { message: 'Height must be from 168 to 246 px, current value is 100 px.' },
    ]);
  });
});

describe('image translation', () => {
  it('gives every language the single image, and keeps the first language when going back', () => {
    expect(translateImage('42', ['en', 'cs'])).toEqual({ en: '42', cs: '42' });
    expect(untranslateImage({ cs: '43', en: '42' }, ['en', 'cs'])).toBe('42');
    expect(untranslateImage({ de: '44' }, ['en', 'cs'])).toBe('44');
    expect(translateImage(undefined, ['en'])).toBeUndefined();
  });
});
