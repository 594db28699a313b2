import type { Problem } from '../../../../domain/problem';

/**
 * A pre-flight finding in words a designer understands, in English and Czech; path points at what to fix (JSON
 * pointer or a name).
 */
export type { Problem };

/** What a pass or a template would give in Apple Wallet: errors stop signing, warnings do not. */
export interface PreflightReport {
  errors: Problem[];
  warnings: Problem[];
  /**
   * The pass signs, but only with a development certificate (not issued by Apple): it downloads for inspection,
   * and iPhones refuse it until an Apple certificate is uploaded.
   */
  developmentSigned?: boolean;
}
