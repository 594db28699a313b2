import { Type, type Static } from '@sinclair/typebox';

/** How often a rotating barcode changes by default, as Google's own samples do. */
export const DEFAULT_ROTATION_PERIOD_SECONDS = 30;
/** Digits of the time-based code by default (RFC 4226 allows 6 to 8). */
export const DEFAULT_ROTATION_DIGITS = 8;

/**
 * Rotating barcodes in Google Wallet: the pass's barcode becomes `<ticket code>~<TOTP>` (RFC 6238, SHA-1) that
 * Google Wallet recomputes every period, so that a screenshot stops working; the gate checks the code.
 */
export const RotatingBarcodeOptions = Type.Object(
  {
    /** seconds each code is live (the TOTP time step); default 30 */
    periodSeconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 300 })),
    /** digits of the time-based code; default 8 */
    digits: Type.Optional(Type.Integer({ minimum: 6, maximum: 8 })),
    /**
     * the gate lets a ticket in only with its live rotating code: its plain code (Apple Wallet, PDF, e-mail, a typed
     * number) is refused. Default false: only Google Wallet shows a rotating code.
     */
    required: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RotatingBarcodeOptionsT = Static<typeof RotatingBarcodeOptions>;

/** A template's Google Wallet settings, beside its Save to Google Pay object template. */
export const GoogleWalletOptions = Type.Object(
  { rotatingBarcode: Type.Optional(RotatingBarcodeOptions) },
  { additionalProperties: false },
);
export type GoogleWalletOptionsT = Static<typeof GoogleWalletOptions>;
