/** Every Sponsored Products v3 entity resource the sandbox serves, in registration order. */
import { adGroups } from "./ad-groups.ts";
import { campaigns } from "./campaigns.ts";
import { keywords } from "./keywords.ts";
import { negativeKeywordDef } from "./negative-keywords.ts";
import { negativeTargetDef } from "./negative-targets.ts";
import { productAds } from "./product-ads.ts";
import type { ResourceDef } from "./resource-def.ts";
import { targets } from "./targets.ts";

export const RESOURCES: readonly ResourceDef[] = [
  campaigns,
  adGroups,
  keywords,
  negativeKeywordDef("adGroup"),
  negativeKeywordDef("campaign"),
  targets,
  negativeTargetDef("adGroup"),
  negativeTargetDef("campaign"),
  productAds,
];
