import { Alert, Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

/** The part of the browser's BarcodeDetector (Shape Detection API) the scanner uses; TypeScript's DOM types lack it. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

/** The formats of Apple Wallet barcodes, as the Shape Detection API names them. */
const WALLET_FORMATS = ['qr_code', 'pdf417', 'aztec', 'code_128'];

/** How often a video frame is read for a barcode. */
const SCAN_EVERY_MS = 200;

const detectorClass = () => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/**
 * Can this browser scan barcodes with the camera? It needs a BarcodeDetector (Chrome on Android, among others; not
 * Firefox, Safari on macOS, most desktops) and a camera it may open (a secure context).
 */
export const barcodeScanAvailable = () =>
  detectorClass() !== undefined && !!navigator.mediaDevices?.getUserMedia;

/**
 * The back camera's picture, read for barcodes (QR, PDF417, Aztec, Code 128) until one is found: `onCode` gets its
 * text once, then the camera stops. Rendered only where `barcodeScanAvailable()`; when the camera cannot be opened it
 * shows `failureMessage` (a message key given the `reason`).
 */
export const BarcodeScanner = ({
  onCode,
  failureMessage,
}: {
  onCode: (code: string) => void;
  failureMessage: string;
}) => {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return undefined;
    const detector = new Detector({ formats: WALLET_FORMATS });
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue && !stopped) {
          stopped = true;
          onCode(found.rawValue);
          return;
        }
      } catch {
        // a frame not ready yet: read the next one
      }
      timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);

  if (failure) return <Alert severity="warning">{translate(failureMessage, { reason: failure })}</Alert>;
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      sx={{ width: '100%', maxHeight: 280, objectFit: 'cover', borderRadius: 1, bgcolor: 'black' }}
    />
  );
};
