import { Alert, Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

/** The browser's barcode reader (Chromium on Android, Safari 17+ behind a flag); absent elsewhere. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeReaderClass = new (options?: { formats?: string[] }) => BarcodeReader;

const readerClass = () => (window as unknown as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;

/** Can this browser scan with the camera? */
export const cameraScanAvailable = () =>
  readerClass() !== undefined && !!navigator.mediaDevices?.getUserMedia;

/**
 * The back camera's picture, read for barcodes (QR, PDF417, Aztec, Code 128) until one is found: `onCode` gets its
 * message and the camera stops.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const Reader = readerClass();
    if (!Reader) return undefined;
    let stream: MediaStream | undefined;
    let stopped = false;
    const reader = new Reader({ formats: ['qr_code', 'pdf417', 'aztec', 'code_128'] });
    const read = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await reader.detect(video.current);
        if (found?.rawValue && !stopped) {
          stopped = true;
          onCode(found.rawValue);
          return;
        }
      } catch {
        // a frame that could not be read: try the next one
      }
      window.setTimeout(read, 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void read();
      })
      .catch((error: Error) => setProblem(error.message));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);
  if (problem)
    return <Alert severity="warning">{translate('app.gate.cameraFailed', { reason: problem })}</Alert>;
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      sx={{ width: '100%', maxHeight: 280, objectFit: 'cover', borderRadius: 1, bgcolor: 'black' }}
    />
  );
}
