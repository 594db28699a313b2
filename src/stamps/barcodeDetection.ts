/** The part of the browser's BarcodeDetector (Shape Detection API) the till uses; TypeScript's DOM types lack it. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

/** The formats of Apple Wallet barcodes, as the Shape Detection API names them. */
const WALLET_FORMATS = ['qr_code', 'pdf417', 'aztec', 'code_128'];

/** The browser's barcode detector, or undefined where there is none (Firefox, Safari on macOS, most desktops). */
export function createBarcodeDetector(): BarcodeDetectorLike | undefined {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return Detector ? new Detector({ formats: WALLET_FORMATS }) : undefined;
}

export const canScanBarcodes = () => 'BarcodeDetector' in globalThis;
