/**
 * The campaign settings' route action (issue 10 §6): every field the seller changed becomes one
 * change in their tray (POST /api/changes, validated there against Amazon's rules), then the tray
 * is pushed. A refused field answers its violation and takes back what this save added, so a
 * half-valid form never reaches Amazon.
 */
import type { RouterContextProvider } from "react-router";
import { ApiError } from "../../lib/api/client.ts";
import { violationsOfBody } from "../../lib/api/hydra.ts";
import { serverApi } from "../../session/server-session.ts";
import {
  type CampaignSettingsValues,
  SETTINGS_FIELDS,
  type SettingsActionResult,
  type SettingsField,
} from "./CampaignSettings.tsx";
import type { WizardViolation } from "./wizard/fields.tsx";

/** A form number as typed (`12.5`, `50 %`); empty or not a number is null. */
function numberOf(raw: FormDataEntryValue | null): number | null {
  const text = String(raw ?? "")
    .replace(/[%\s\u00a0]/g, "")
    .replace(",", ".");
  if (text === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function textOf(raw: FormDataEntryValue | null): string | null {
  const text = String(raw ?? "").trim();
  return text === "" ? null : text;
}

/** The form's value per field, in the API's terms. */
export function settingsOf(form: FormData): CampaignSettingsValues {
  return {
    name: String(form.get("name") ?? ""),
    state: String(form.get("state") ?? ""),
    budget: numberOf(form.get("budget")),
    biddingStrategy: textOf(form.get("biddingStrategy")),
    placementTopOfSearch: numberOf(form.get("placementTopOfSearch")),
    placementProductPage: numberOf(form.get("placementProductPage")),
    placementRestOfSearch: numberOf(form.get("placementRestOfSearch")),
    startDate: textOf(form.get("startDate")),
    endDate: textOf(form.get("endDate")),
  };
}

interface CampaignRead {
  name: string;
  state: string;
  budget: number | null;
  biddingStrategy: string | null;
  startDate: string | null;
  endDate: string | null;
  placementBidding?: {
    topOfSearch: number | null;
    productPage: number | null;
    restOfSearch: number | null;
  } | null;
}

export async function saveCampaignSettings(
  context: Readonly<RouterContextProvider>,
  request: Request,
  campaignId: string,
  form: FormData,
): Promise<SettingsActionResult> {
  const api = serverApi(context, request);
  const iri = `/api/campaigns/${campaignId}`;
  const current = await api.json<CampaignRead>(iri);
  const before: CampaignSettingsValues = {
    name: current.name,
    state: current.state,
    budget: current.budget,
    biddingStrategy: current.biddingStrategy,
    placementTopOfSearch: current.placementBidding?.topOfSearch ?? null,
    placementProductPage: current.placementBidding?.productPage ?? null,
    placementRestOfSearch: current.placementBidding?.restOfSearch ?? null,
    startDate: current.startDate,
    endDate: current.endDate,
  };
  const wanted = settingsOf(form);
  const changed = SETTINGS_FIELDS.filter((field) => {
    const value = wanted[field];
    // A start date cannot be removed; an empty one leaves it as it is.
    if (field === "startDate" && value === null) return false;
    return value !== before[field];
  });
  const added: string[] = [];
  const violations: WizardViolation[] = [];
  let batch: string | null = null;
  for (const field of changed) {
    try {
      const change = await api.json<{ "@id": string; batch: string }>("/api/changes", {
        method: "POST",
        headers: { "content-type": "application/ld+json" },
        body: JSON.stringify({ entityType: "campaigns", entity: iri, field, value: wanted[field] }),
      });
      added.push(change["@id"]);
      batch = change.batch;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const first = violationsOfBody(error.body)[0];
      violations.push({
        propertyPath: field,
        message: first?.message || error.message,
        code: first?.code ? `campaignCreate.violation.${first.code.split(".").pop()}` : undefined,
        params: first?.params,
      });
    }
  }
  if (violations.length) {
    for (const id of added) await api.request(id, { method: "DELETE" }).catch(() => undefined);
    return { intent: "settings", ok: false, violations, message: null };
  }
  if (batch)
    await api.json(`${batch}/push`, {
      method: "POST",
      headers: { "content-type": "application/ld+json" },
      body: "{}",
    });
  return { intent: "settings", ok: true, batch, fields: changed as SettingsField[] };
}
