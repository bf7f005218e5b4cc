import type { CatalogueFacets, ProductListMember } from "@starport/api/contracts";

/** A member of GET /api/catalogue/products, as the API declares it. */
export type ProductRow = ProductListMember;

export type Facets = CatalogueFacets;

export interface Option {
  id: string;
  "@id": string;
  text?: string;
  name?: string;
  membership?: string;
}

/** What a bulk action (or the drawer's editor) answered: what changed, or the API's status. */
export type BulkOutcome =
  | {
      ok: true;
      action: string;
      changed: number;
      products: number;
      /** The collection a "save as collection" created. */
      collection: string | null;
      name: string;
    }
  | { ok: false; action: string; status: number };
