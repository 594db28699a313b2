/** Files as a user picks them: a PNG's header (signature and IHDR) is all the console reads of it. */
export function pngBytes(width: number, height: number, totalBytes = 33): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(33, totalBytes));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

export const pngFile = (name: string, width: number, height: number, totalBytes?: number) =>
  new File([pngBytes(width, height, totalBytes)], name, { type: 'image/png' });

export const gifFile = (name = 'animation.gif') =>
  new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')], name, { type: 'image/gif' });
