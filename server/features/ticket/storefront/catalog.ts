import type { Db } from '../../../kernel/db/database';
import type { TableChanges } from '../../../kernel/db/tableChanges';
import type { ProductRow } from '../../../kernel/db/tables';
import { createLiveRowCache } from '../../../kernel/engine/liveRowCache';
import { storefrontRepository } from './storefrontRepository';

/** The products on sale in one e-shop, kept as one entry under the e-shop's id. */
interface Shelf {
  id: string;
  products: ProductRow[];
}

/**
 * The products each storefront shows, from memory while the product table is unchanged: every page view and form
 * reads them, and they change rarely (any product's write, here or announced by another instance, empties them).
 *
 * @example const products = await createCatalog(db, changes).productsOnSale(eshop.id)
 */
export function createCatalog(db: Db, changes: TableChanges) {
  const shelves = createLiveRowCache<Shelf>(changes, 'product');
  return {
    /** Shared with every other reader: never change them. */
    async productsOnSale(eshopId: string): Promise<readonly ProductRow[]> {
      const shelf = await shelves.one(eshopId, async (id) => ({
        id,
        products: await storefrontRepository.productsOnSale(db, id),
      }));
      return shelf?.products ?? [];
    },
  };
}
export type Catalog = ReturnType<typeof createCatalog>;
