import { z } from "zod";

/**
 * The settings value catalogue: every value that cascades along
 * global (seller profile) → marketplace → collection → product, its type, bounds and default.
 *
 * Units: percentages are numbers of percent (25 = 25 %), money in micros of the marketplace
 * currency, durations in whole days. A level stores only the values it sets (a partial object);
 * a missing key means "inherit".
 */

export const GOAL_TYPES = ["targetAcos", "targetTacos", "maxSales"] as const;
export const LIFECYCLE_STAGES = ["launch", "growth", "profit", "clearance"] as const;
export const AUTOMATION_MODES = ["off", "suggest", "automatic"] as const;
export const TARGET_MODES = ["fixed", "breakEvenRelative"] as const;
export const LOW_COVER_ACTIONS = ["none", "lowerBids", "pause"] as const;

export type GoalType = (typeof GOAL_TYPES)[number];
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];
export type AutomationMode = (typeof AUTOMATION_MODES)[number];
export type TargetMode = (typeof TARGET_MODES)[number];
export type LowCoverAction = (typeof LOW_COVER_ACTIONS)[number];

/**
 * Default target relative to break-even per lifecycle stage, in ACoS points: launch buys
 * visibility above break-even, profit keeps a margin below it, clearance sells off stock.
 */
export const LIFECYCLE_BREAK_EVEN_OFFSET_POINTS: Record<LifecycleStage, number> = {
  launch: 10,
  growth: 0,
  profit: -5,
  clearance: 15,
};

const percent = z
  .number()
  .finite()
  .gt(0, { message: "settings.errors.percentRange" })
  .lte(100, { message: "settings.errors.percentRange" });
const micros = z.number().int().positive({ message: "settings.errors.positiveAmount" });
const days = z
  .number()
  .int({ message: "settings.errors.wholeDays" })
  .min(0, { message: "settings.errors.notNegative" })
  .max(365, { message: "settings.errors.tooManyDays" });

/** One schema per value; the keys are the catalogue. */
export const SETTING_SCHEMAS = {
  goalType: z.enum(GOAL_TYPES),
  targetMode: z.enum(TARGET_MODES),
  /** Target ACoS in percent, (0, 100]. */
  targetAcos: percent,
  /** Target TACoS in percent, (0, 100]. */
  targetTacos: percent,
  /** Offset from break-even ACoS in points when targetMode is breakEvenRelative; unset = lifecycle default. */
  breakEvenOffsetPoints: z.number().finite().min(-100).max(100),
  dailyBudgetMicros: micros,
  monthlyBudgetMicros: micros,
  lifecycleStage: z.enum(LIFECYCLE_STAGES),
  minBidMicros: micros,
  maxBidMicros: micros,
  /** Largest change of a bid in one optimiser run, percent. */
  maxBidChangePercent: percent,
  cooldownDays: days,
  attributionLagDays: days,
  automationMode: z.enum(AUTOMATION_MODES),
  harvestingEnabled: z.boolean(),
  /** A search term becomes a keyword after this many orders. */
  harvestMinOrders: z.number().int().min(1, { message: "settings.errors.atLeastOne" }),
  negationEnabled: z.boolean(),
  /** A search term is negated after this many clicks without an order. */
  negationMinClicks: z.number().int().min(1, { message: "settings.errors.atLeastOne" }),
  /**
   * A search term is negated when the probability that its conversion rate is below break-even
   * exceeds this, percent (the optimiser's negatives by probability).
   */
  negationConfidencePercent: percent,
  /** Cap of the discovery bid of targets without impressions; unset = 1.5 × the estimated bid. */
  discoveryBidMicros: micros,
  /** Storage disruption: below this many days of cover the low-cover action applies. */
  lowCoverDays: days,
  lowCoverAction: z.enum(LOW_COVER_ACTIONS),
  lowCoverBidReductionPercent: percent,
  outOfStockPause: z.boolean(),
  resumeOnRestock: z.boolean(),
  /** Filled by the repricing issue; an empty block today. */
  repricing: z.object({}).strict(),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingsValues = { [K in SettingKey]: z.infer<(typeof SETTING_SCHEMAS)[K]> };
/** What one level stores: only the values it sets. */
export type SettingsLayerValues = Partial<SettingsValues>;

export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

/** Global defaults: what applies where no level sets a value. Budgets have none (null = no budget). */
export const SETTING_DEFAULTS: { [K in SettingKey]: SettingsValues[K] | null } = {
  goalType: "targetAcos",
  targetMode: "fixed",
  targetAcos: 30,
  targetTacos: 10,
  breakEvenOffsetPoints: null,
  dailyBudgetMicros: null,
  monthlyBudgetMicros: null,
  lifecycleStage: "growth",
  minBidMicros: 20_000,
  maxBidMicros: 5_000_000,
  maxBidChangePercent: 20,
  cooldownDays: 3,
  attributionLagDays: 3,
  automationMode: "suggest",
  harvestingEnabled: false,
  harvestMinOrders: 2,
  negationEnabled: false,
  negationMinClicks: 15,
  negationConfidencePercent: 90,
  discoveryBidMicros: null,
  lowCoverDays: 14,
  lowCoverAction: "lowerBids",
  lowCoverBidReductionPercent: 30,
  outOfStockPause: true,
  resumeOnRestock: true,
  repricing: {},
};

/**
 * What a level may store. Every key optional; `null` in a write means "reset to inherited" and is
 * removed by `applySettingsPatch`. Cross-field rule within a level: min bid ≤ max bid.
 */
export const settingsLayerSchema = z
  .object(SETTING_SCHEMAS)
  .partial()
  .strict()
  .superRefine((values, ctx) => {
    if (
      values.minBidMicros !== undefined &&
      values.maxBidMicros !== undefined &&
      values.minBidMicros > values.maxBidMicros
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["minBidMicros"],
        message: "settings.errors.minBidAboveMaxBid",
        params: { code: "minBidAboveMaxBid" },
      });
    }
  });

/** A write: each key a value (set), null (reset to inherited) or absent (unchanged). */
export const settingsPatchSchema = z
  .object(
    Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTING_SCHEMAS[key].nullable()])) as {
      [K in SettingKey]: z.ZodNullable<(typeof SETTING_SCHEMAS)[K]>;
    },
  )
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The stored values after a patch (null removes the key), validated as a whole. */
export function applySettingsPatch(
  current: SettingsLayerValues,
  patch: SettingsPatch,
): z.ZodSafeParseResult<SettingsLayerValues> {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return settingsLayerSchema.safeParse(next);
}

/** Stored values read back from the database: unknown or invalid keys are dropped, never trusted. */
export function parseStoredSettings(raw: unknown): SettingsLayerValues {
  if (raw === null || typeof raw !== "object") return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const schema = SETTING_SCHEMAS[key as SettingKey];
    if (schema?.safeParse(value).success) out[key] = value;
  }
  return out as SettingsLayerValues;
}
