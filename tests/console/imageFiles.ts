import { transparentPng } from '../pngFiles';

/**
 * Files as a user picks them: a real PNG of the size (transparent pixels), which the server would decode as it is;
 * with `totalBytes`, padded to that many bytes by a text chunk. The console itself reads only the header.
 */
export function pngBytes(width: number, height: number, totalBytes?: number): Uint8Array<ArrayBuffer> {
  const file = transparentPng(width, height, totalBytes);
  const bytes = new Uint8Array(file.length);
  bytes.set(file);
  return bytes;
}

export const pngFile = (name: string, width: number, height: number, totalBytes?: number) =>
  new File([pngBytes(width, height, totalBytes)], name, { type: 'image/png' });

export const gifFile = (name = 'animation.gif') =>
  new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')], name, { type: 'image/gif' });
