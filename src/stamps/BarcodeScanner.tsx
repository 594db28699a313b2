import { Alert, Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { createBarcodeDetector } from './barcodeDetection';

/** How often a video frame is read for a barcode. */
const SCAN_EVERY_MS = 200;

/**
 * The back camera's picture, read for a barcode until one is found: `onCode` gets its text once, then the camera
 * stops. Rendered only where the browser has a BarcodeDetector.
 */
export const BarcodeScanner = ({ onCode }: { onCode: (code: string) => void }) => {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    const detector = createBarcodeDetector();
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const scan = async () => {
      if (stopped || !detector || !video.current) return;
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

  if (failure)
    return <Alert severity="error">{translate('app.stamp.cameraFailed', { reason: failure })}</Alert>;
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      sx={{ width: '100%', maxHeight: 280, borderRadius: 1, bgcolor: 'black', objectFit: 'cover' }}
    />
  );
};
