import type { HydraItem } from "../../lib/api/hydra.ts";

export type Tax = HydraItem<{
  id: string;
  customer: string;
  marketplace: string;
  rate: number;
  type: "standard" | "reduced";
  validFrom: string;
}>;

export type Tag = HydraItem<{ id: string; text: string; sellerProfile: string }>;

export type AdvertisingProfile = HydraItem<{
  id: string;
  amazonProfileId: string;
  countryCode: string;
  currency: string;
  timezone: string;
  active: boolean;
}>;

export const ADVERTISING_METRICS = ["ACoS", "RoAS", "TACoS", "CPC", "CTR", "CR"] as const;
