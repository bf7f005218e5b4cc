import type { AnyResource } from "../hydra/resource.ts";
import { advertisingProfiles } from "./advertising-profiles.ts";
import { brands } from "./brands.ts";
import { conversionRates } from "./conversion-rates.ts";
import { customers } from "./customers.ts";
import { productCollections } from "./product-collections.ts";
import { sellerAccounts } from "./seller-accounts.ts";
import { sellerProfiles } from "./seller-profiles.ts";
import { tags } from "./tags.ts";
import { taxes } from "./taxes.ts";
import { users } from "./users.ts";

/** Every Hydra resource of the API. Adding one here serves it, documents it and tests its isolation. */
export const RESOURCES: readonly AnyResource[] = [
  customers,
  sellerProfiles,
  sellerAccounts,
  advertisingProfiles,
  brands,
  tags,
  productCollections,
  conversionRates,
  taxes,
  users,
];

export {
  advertisingProfiles,
  brands,
  conversionRates,
  customers,
  productCollections,
  sellerAccounts,
  sellerProfiles,
  tags,
  taxes,
  users,
};
