import type { NumberService } from '../../../domain/schemas/product';

type ProductValues = Record<string, unknown> & { numberServiceUrl?: NumberService };

/**
 * The product as saved: the number service's config matching the chosen service. The simple service has none (a
 * config left from another service, hidden in the form, is dropped); an empty tariff is left out rather than sent
 * as null, which the API refuses.
 *
 * @example withNumberServiceConfig({ numberServiceUrl: 'simple', numberServiceConfig: { tariff: 3 } })
 * // { numberServiceUrl: 'simple', numberServiceConfig: null }
 */
export function withNumberServiceConfig<Values extends ProductValues>(values: Values): Values {
  if (!('numberServiceUrl' in values)) return values;
  const config = values.numberServiceConfig;
  if (values.numberServiceUrl === 'simple' || typeof config !== 'object' || config === null)
    return { ...values, numberServiceConfig: null };
  const { tariff, ...others } = config as Record<string, unknown>;
  const kept = typeof tariff === 'number' && Number.isInteger(tariff) ? { ...others, tariff } : others;
  return { ...values, numberServiceConfig: Object.keys(kept).length ? kept : null };
}
