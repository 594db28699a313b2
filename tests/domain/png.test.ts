import { notPngMessage, sniffedMimeType } from '../../domain/png';

describe('a file that is no PNG', () => {
  it('is named by its content and its name, in English and Czech', () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
    expect(notPngMessage(sniffedMimeType(gif, 'image/png'), 'anim.png')).toEqual({
      en: 'Unsupported file format image/gif of file anim.png, please use png.',
      cs: 'Nepodporovaný formát image/gif souboru anim.png, použijte prosím PNG.',
    });
  });
});
