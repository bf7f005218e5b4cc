import { Alert, Loader } from "@mantine/core";
import type {
  ChainStep,
  CollectionSettingsLayer,
  SettingsContext,
  SettingsLayer,
  SettingsLayerValues,
} from "@starport/settings";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { useRouteWrite } from "../../../lib/route-write.ts";
import { type LevelRow, SettingsLevelEditor } from "./SettingsLevelEditor.tsx";
import type { EditableKey } from "./settings-fields.ts";

/** The intent a goal editor submits to its screen's route action (level-write.server.ts). */
export const LEVEL_SAVE = "goal-level.save";

/** Which level an editor writes. */
export type LevelTarget =
  | { level: "global"; sellerProfileId: string; profileName: string }
  | { level: "marketplace"; sellerProfileId: string; profileName: string; marketplace: string }
  | {
      level: "collection";
      sellerProfileId: string;
      profileName: string;
      collectionId: string;
      collectionName: string;
      priority: number;
      createdAt: string;
    }
  | { level: "product"; productId: string };

export interface EffectiveMember {
  product: string;
  sku: string;
  marketplace: string;
  chain: ChainStep[];
}

const EMPTY: SettingsContext = { global: null, marketplace: null, collections: [], product: null };

/** A resolver context rebuilt from the API's inheritance chain (the product's levels). */
export function contextFromChain(chain: readonly ChainStep[]): SettingsContext {
  const context: SettingsContext & { collections: CollectionSettingsLayer[] } = {
    ...EMPTY,
    collections: [],
  };
  for (const step of chain) {
    if (step.level === "default" || step.id === null) continue;
    const layer: SettingsLayer = {
      level: step.level,
      id: step.id,
      name: step.name ?? "",
      values: step.set,
    };
    if (step.level === "global") context.global = layer;
    else if (step.level === "marketplace") context.marketplace = layer;
    else if (step.level === "product") context.product = layer;
    else
      context.collections.push({
        ...layer,
        level: "collection",
        priority: step.priority ?? 0,
        // The chain is already in precedence order (broadest first): keep it.
        createdAt: String(context.collections.length).padStart(6, "0"),
      });
  }
  // Broadest first in the chain → most important last; precedence sorts ascending.
  context.collections.reverse().forEach((c, i) => {
    c.createdAt = String(i).padStart(6, "0");
  });
  return context;
}

/** Loads a level's own row and what it inherits, then shows the editor. */
export function LevelSettings({
  target,
  fields,
  currency,
  testId,
  revision,
  onChanged,
}: {
  target: LevelTarget;
  fields: readonly EditableKey[];
  currency: string;
  testId: string;
  revision?: string;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ row: LevelRow | null; inherited: SettingsContext } | null>(
    null,
  );
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify(target);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the target's JSON and reloads say when to load again.
  useEffect(() => {
    let current = true;
    setFailed(false);
    load(target)
      .then((loaded) => current && setState(loaded))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [key, reloads, revision]);

  // The save goes through the action of the route showing the editor (level-write.server.ts).
  const write = useRouteWrite();
  const changed = useCallback(() => {
    setReloads((n) => n + 1);
    onChanged?.();
  }, [onChanged]);

  if (failed) return <Alert color="red">{t("settingsGoals.loadFailed")}</Alert>;
  if (!state) return <Loader size="sm" />;
  return (
    <SettingsLevelEditor
      testId={testId}
      fields={fields}
      row={state.row}
      inherited={state.inherited}
      ownLayer={(values) => withOwn(target, state.inherited, values)}
      currency={currency}
      create={(values) => write(LEVEL_SAVE, {}, { target, values })}
      update={(iri, patch) => write(LEVEL_SAVE, { iri }, { target, values: patch.values })}
      onChanged={changed}
    />
  );
}

function withOwn(
  target: LevelTarget,
  inherited: SettingsContext,
  values: SettingsLayerValues,
): SettingsContext {
  switch (target.level) {
    case "global":
      return {
        ...inherited,
        global: { level: "global", id: target.sellerProfileId, name: target.profileName, values },
      };
    case "marketplace":
      return {
        ...inherited,
        marketplace: {
          level: "marketplace",
          id: target.marketplace,
          name: target.marketplace,
          values,
        },
      };
    case "collection":
      return {
        ...inherited,
        collections: [
          {
            level: "collection",
            id: target.collectionId,
            name: target.collectionName,
            priority: target.priority,
            createdAt: target.createdAt,
            values,
          },
        ],
      };
    case "product":
      return {
        ...inherited,
        product: { level: "product", id: target.productId, name: "", values },
      };
  }
}

async function first<T>(path: string, query: Record<string, string>): Promise<T | null> {
  const result = await browserHydra().collection<T>(path, query, { fresh: true });
  return (result.members[0] as T | undefined) ?? null;
}

async function globalLayer(sellerProfileId: string, name: string): Promise<SettingsLayer> {
  const row = await first<LevelRow>("/api/seller_profile_settings", {
    sellerProfile: sellerProfileId,
  });
  return { level: "global", id: sellerProfileId, name, values: row?.values ?? {} };
}

async function load(
  target: LevelTarget,
): Promise<{ row: LevelRow | null; inherited: SettingsContext }> {
  switch (target.level) {
    case "global":
      return {
        row: await first<LevelRow>("/api/seller_profile_settings", {
          sellerProfile: target.sellerProfileId,
        }),
        inherited: EMPTY,
      };
    case "marketplace":
      return {
        row: await first<LevelRow>("/api/marketplace_settings", {
          sellerProfile: target.sellerProfileId,
          marketplace: target.marketplace,
        }),
        inherited: {
          ...EMPTY,
          global: await globalLayer(target.sellerProfileId, target.profileName),
        },
      };
    case "collection":
      return {
        row: await first<LevelRow>("/api/collection_settings", {
          collection: target.collectionId,
        }),
        inherited: {
          ...EMPTY,
          global: await globalLayer(target.sellerProfileId, target.profileName),
        },
      };
    case "product": {
      const [row, member] = await Promise.all([
        first<LevelRow>("/api/product_settings", { product: target.productId }),
        first<EffectiveMember>("/api/effective_settings", { product: target.productId }),
      ]);
      const context = member ? contextFromChain(member.chain) : EMPTY;
      return { row, inherited: { ...context, product: null } };
    }
  }
}
