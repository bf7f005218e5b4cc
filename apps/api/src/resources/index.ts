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

/**
 * The account resources: customers, users, seller profiles and what hangs off a profile (accounts,
 * brands, tags, taxes, collections, conversion rates). Every resource of the API is listed in ALL_RESOURCES
 * (apps/api/src/index.ts), the one registry that serves, documents and isolation-tests them.
 */
export const ACCOUNT_RESOURCES: readonly AnyResource[] = [
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
