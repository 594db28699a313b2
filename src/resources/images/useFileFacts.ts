import { useEffect, useMemo, useState } from 'react';
import { fileFacts, readFirstBytes, type FileFacts } from './pngFile';

/** The facts of the chosen file, read from its first bytes; null while none is chosen or it is being read. */
export function useFileFacts(file: File | null): FileFacts | null {
  const [read, setRead] = useState<{ file: File; facts: FileFacts } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    readFirstBytes(file)
      .catch(() => new Uint8Array())
      .then((bytes) => {
        if (current) setRead({ file, facts: fileFacts(file, bytes) });
      });
    return () => {
      current = false;
    };
  }, [file]);
  return read && read.file === file ? read.facts : null;
}

/** An address the browser shows the chosen file at, released when the file changes. */
export function useObjectUrl(file: File | null): string | null {
  // made while rendering (an address, no state set in an effect), released when the file changes or the screen goes
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
