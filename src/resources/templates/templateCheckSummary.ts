import type { TemplateCheck } from '../../../domain/template/validateTemplate';
import type { WalletPreflight } from '../../dataProviders/coreDataProvider';

export interface TemplateCheckSummary {
  severity: 'success' | 'info';
  message: string;
}

/**
 * The one line above the Error tab's lists, from the template's own validation and its Apple Wallet
 * pre-flight together, so that it never contradicts them: nothing while the pre-flight is unknown or when
 * the template itself has errors (their list speaks).
 *
 * @example templateCheckSummary(check, preflight)?.message // 'app.template.noProblems'
 */
export function templateCheckSummary(
  check: TemplateCheck,
  preflight: WalletPreflight | undefined,
): TemplateCheckSummary | null {
  if (!preflight || check.errors.length > 0) return null;
  if (preflight.errors.length > 0) return { severity: 'info', message: 'app.template.validButWalletErrors' };
  if (check.warnings.length === 0 && preflight.warnings.length === 0)
    return { severity: 'success', message: 'app.template.noProblems' };
  return null;
}
