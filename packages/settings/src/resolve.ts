import {
  LIFECYCLE_BREAK_EVEN_OFFSET_POINTS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type SettingKey,
  type SettingsLayerValues,
  type SettingsValues,
} from "./catalogue.ts";

export const SETTINGS_LEVELS = ["global", "marketplace", "collection", "product"] as const;
export type SettingsLevel = (typeof SETTINGS_LEVELS)[number];

/** One level's stored values, named for provenance ("from collection Bestseller"). */
export interface SettingsLayer {
  level: SettingsLevel;
  /** Seller profile id, marketplace code, collection id or product id. */
  id: string;
  name: string;
  values: SettingsLayerValues;
}

/** A collection layer carries what orders it among a product's collections. */
export interface CollectionSettingsLayer extends SettingsLayer {
  level: "collection";
  /** User-ordered; the LOWEST number is the highest priority. */
  priority: number;
  /** ISO timestamp; breaks priority ties (older first). */
  createdAt: string;
}

export interface SettingsContext {
  global: SettingsLayer | null;
  marketplace: SettingsLayer | null;
  /** Every collection the product is a member of, in any order. */
  collections: readonly CollectionSettingsLayer[];
  product: SettingsLayer | null;
  /** The product's break-even ACoS as a fraction (from @starport/economics), null when unknown. */
  breakEvenAcos?: number | null;
}

export type Provenance = { level: SettingsLevel; id: string; name: string } | "default";

export interface EffectiveValue<T> {
  value: T | null;
  source: Provenance;
}

export type EffectiveSettings = { [K in SettingKey]: EffectiveValue<SettingsValues[K]> };

export interface ResolvedSettings {
  values: EffectiveSettings;
  /**
   * The ACoS target the optimiser works towards, percent: the fixed target, or break-even plus
   * the offset (the set offset, else the lifecycle stage's default), clamped to (0, 100];
   * null when relative to break-even and break-even is unknown.
   */
  effectiveTargetAcos: number | null;
}

/**
 * Multi-collection rule, per value: among the product's collections that set the value, the one
 * with the lowest priority number wins; a tie goes to the older collection (createdAt), then to
 * the smaller id — deterministic whatever order the collections arrive in.
 */
export function compareCollectionPrecedence(
  a: Pick<CollectionSettingsLayer, "priority" | "createdAt" | "id">,
  b: Pick<CollectionSettingsLayer, "priority" | "createdAt" | "id">,
): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function provenanceOf(layer: SettingsLayer): Provenance {
  return { level: layer.level, id: layer.id, name: layer.name };
}

/** The layers in the order they are consulted, most specific first. */
export function orderedLayers(context: SettingsContext): SettingsLayer[] {
  const layers: SettingsLayer[] = [];
  if (context.product) layers.push(context.product);
  layers.push(...[...context.collections].sort(compareCollectionPrecedence));
  if (context.marketplace) layers.push(context.marketplace);
  if (context.global) layers.push(context.global);
  return layers;
}

/** Pure: every effective value with where it comes from. */
export function resolveSettings(context: SettingsContext): ResolvedSettings {
  const layers = orderedLayers(context);
  const values = {} as Record<SettingKey, EffectiveValue<unknown>>;
  for (const key of SETTING_KEYS) {
    let found: EffectiveValue<unknown> | null = null;
    for (const layer of layers) {
      const value = layer.values[key];
      if (value !== undefined) {
        found = { value, source: provenanceOf(layer) };
        break;
      }
    }
    values[key] = found ?? { value: SETTING_DEFAULTS[key], source: "default" };
  }
  const effective = values as EffectiveSettings;
  return {
    values: effective,
    effectiveTargetAcos: effectiveTargetAcos(effective, context.breakEvenAcos ?? null),
  };
}

function effectiveTargetAcos(
  values: EffectiveSettings,
  breakEvenAcos: number | null,
): number | null {
  if (values.targetMode.value !== "breakEvenRelative") return values.targetAcos.value;
  if (breakEvenAcos === null) return null;
  const stage = values.lifecycleStage.value ?? "growth";
  const offset = values.breakEvenOffsetPoints.value ?? LIFECYCLE_BREAK_EVEN_OFFSET_POINTS[stage];
  const target = Math.round((breakEvenAcos * 100 + offset) * 100) / 100;
  return Math.min(100, Math.max(0.01, target));
}

/** One step of the inheritance chain: what the level sets and which of those values win. */
export interface ChainStep {
  level: SettingsLevel | "default";
  id: string | null;
  name: string | null;
  /** Collections only: their priority. */
  priority?: number;
  set: SettingsLayerValues;
  /** Keys whose effective value comes from this step. */
  effectiveKeys: SettingKey[];
}

/** The whole chain, broadest first (default → global → marketplace → collections → product). */
export function inheritanceChain(context: SettingsContext): ChainStep[] {
  const resolved = resolveSettings(context);
  const winsAt = (layer: SettingsLayer | "default") =>
    SETTING_KEYS.filter((key) => {
      const source = resolved.values[key].source;
      if (layer === "default") return source === "default";
      return source !== "default" && source.level === layer.level && source.id === layer.id;
    });
  const steps: ChainStep[] = [
    {
      level: "default",
      id: null,
      name: null,
      set: {},
      effectiveKeys: winsAt("default"),
    },
  ];
  const broadestFirst = orderedLayers(context).reverse();
  for (const layer of broadestFirst) {
    steps.push({
      level: layer.level,
      id: layer.id,
      name: layer.name,
      ...(layer.level === "collection"
        ? { priority: (layer as CollectionSettingsLayer).priority }
        : {}),
      set: layer.values,
      effectiveKeys: winsAt(layer),
    });
  }
  return steps;
}
