import {
  resolveSettings,
  type SettingsLayerValues,
  type TrackedGoal,
  trackedGoal,
} from "@starport/settings";

/**
 * A marketplace's goal (global → marketplace, the same resolver as everywhere): its target ACoS,
 * or its target TACoS for a TACoS goal. Used by Hangar's marketplace page and overview cards.
 */
export function marketplaceGoal(
  sellerProfileId: string,
  globalValues: SettingsLayerValues,
  marketplace: string,
  marketplaceValues: SettingsLayerValues,
): TrackedGoal {
  return trackedGoal(
    resolveSettings({
      global: { level: "global", id: sellerProfileId, name: "", values: globalValues },
      marketplace: {
        level: "marketplace",
        id: marketplace,
        name: marketplace,
        values: marketplaceValues,
      },
      collections: [],
      product: null,
    }),
  );
}
