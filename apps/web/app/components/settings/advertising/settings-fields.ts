import {
  AUTOMATION_MODES,
  GOAL_TYPES,
  LIFECYCLE_STAGES,
  LOW_COVER_ACTIONS,
  type Provenance,
  type SettingKey,
  TARGET_MODES,
} from "@starport/settings";
import type { TFunction } from "i18next";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";

/** How the web shows and edits each settings value (the catalogue itself is @starport/settings). */
export type FieldKind = "percent" | "money" | "days" | "count" | "points" | "choice" | "boolean";

export const FIELD_KINDS: Record<Exclude<SettingKey, "repricing">, FieldKind> = {
  goalType: "choice",
  targetMode: "choice",
  targetAcos: "percent",
  targetTacos: "percent",
  breakEvenOffsetPoints: "points",
  dailyBudgetMicros: "money",
  monthlyBudgetMicros: "money",
  lifecycleStage: "choice",
  minBidMicros: "money",
  maxBidMicros: "money",
  maxBidChangePercent: "percent",
  cooldownDays: "days",
  attributionLagDays: "days",
  automationMode: "choice",
  harvestingEnabled: "boolean",
  harvestMinOrders: "count",
  negationEnabled: "boolean",
  negationMinClicks: "count",
  negationConfidencePercent: "percent",
  discoveryBidMicros: "money",
  lowCoverDays: "days",
  lowCoverAction: "choice",
  lowCoverBidReductionPercent: "percent",
  outOfStockPause: "boolean",
  resumeOnRestock: "boolean",
};

export const CHOICES: Partial<Record<SettingKey, readonly string[]>> = {
  goalType: GOAL_TYPES,
  targetMode: TARGET_MODES,
  lifecycleStage: LIFECYCLE_STAGES,
  automationMode: AUTOMATION_MODES,
  lowCoverAction: LOW_COVER_ACTIONS,
};

export type EditableKey = keyof typeof FIELD_KINDS;

/** The groups the settings sections show. */
export const GOAL_FIELDS: EditableKey[] = [
  "goalType",
  "targetAcos",
  "targetTacos",
  "dailyBudgetMicros",
  "monthlyBudgetMicros",
  "lifecycleStage",
  "targetMode",
  "breakEvenOffsetPoints",
];
/** A product's goals: its lifecycle stage is one of its details (the drawer's editor), not a setting. */
export const PRODUCT_GOAL_FIELDS: EditableKey[] = GOAL_FIELDS.filter(
  (key) => key !== "lifecycleStage",
);
export const BIDDING_FIELDS: EditableKey[] = [
  "minBidMicros",
  "maxBidMicros",
  "maxBidChangePercent",
  "cooldownDays",
  "attributionLagDays",
  "automationMode",
  "harvestingEnabled",
  "harvestMinOrders",
  "negationEnabled",
  "negationMinClicks",
  "negationConfidencePercent",
  "discoveryBidMicros",
];
export const STORAGE_FIELDS: EditableKey[] = [
  "lowCoverDays",
  "lowCoverAction",
  "lowCoverBidReductionPercent",
  "outOfStockPause",
  "resumeOnRestock",
];

export function formatSettingValue(
  key: EditableKey,
  value: unknown,
  t: TFunction,
  locale: string,
  currency: string,
): string {
  if (value === null || value === undefined) return t("settingsGoals.none");
  const tag = intlLocale(locale);
  switch (FIELD_KINDS[key]) {
    case "percent":
      return numberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(
        Number(value) / 100,
      );
    case "money":
      return numberFormat(tag, { style: "currency", currency }).format(Number(value) / 1_000_000);
    case "days":
      return t("settingsGoals.days", { count: Number(value) });
    case "points":
      return t("settingsGoals.points", {
        value: numberFormat(tag, { signDisplay: "always" }).format(Number(value)),
      });
    case "count":
      return numberFormat(tag).format(Number(value));
    case "boolean":
      return value ? t("settingsGoals.on") : t("settingsGoals.off");
    case "choice":
      return t(`settingsGoals.choices.${key}.${String(value)}`);
  }
}

/** "from collection Bestseller", "global default". */
export function provenanceText(source: Provenance, t: TFunction): string {
  if (source === "default") return t("settingsGoals.source.default");
  return t(`settingsGoals.source.${source.level}`, { name: source.name });
}
