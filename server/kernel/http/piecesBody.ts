import { Readable } from 'node:stream';

/**
 * A body sent from the buffers it is made of, in order, without joining them: for answers that share most of their
 * bytes with other answers (a pass's archive and its template's images). The caller sets `content-length`.
 *
 * @example reply.header('content-length', size).send(piecesBody(pieces))
 */
export function piecesBody(pieces: readonly Uint8Array[]): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      for (const piece of pieces) this.push(piece);
      this.push(null);
    },
  });
}
