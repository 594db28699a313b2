import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Eshop } from '../../../domain/schemas/eshop';

export const ESHOP_RESOURCE = 'ticket/ticketEshop';

/** The e-shop of the product in the form, and its locales (titles are needed for each). */
export function useProductEshop(): { eshop: Eshop | undefined; locales: string[] } {
  const eshopId = useWatch({ name: 'eshopId' }) as string | undefined;
  const { data: eshop } = useGetOne<Eshop>(
    ESHOP_RESOURCE,
    { id: eshopId ?? '' },
    { enabled: Boolean(eshopId) },
  );
  return { eshop, locales: eshop?.locales ?? [] };
}
