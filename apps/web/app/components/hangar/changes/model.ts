/**
 * The web's view of changes (CHANGES-CONTRACT): a change, a batch, what the tray and the history
 * read, and the messages between the Hangar screens and the changes route (/hangar/changes).
 * Shared by the browser components and the route's server half.
 */

import type { BulkChangeRequest, ChangeRequest, RetryRequest } from "@starport/api/contracts";
import type { Violation } from "../../../lib/api/hydra.ts";
import type { BulkKind, TableEditing } from "../tables.ts";

export type EntityType = TableEditing["entityType"];
export type ChangeStatus = "pending" | "applying" | "applied" | "failed" | "superseded";
export type BatchStatus =
  | "draft"
  | "pending"
  | "applying"
  | "applied"
  | "partially_applied"
  | "failed";

export interface ChangeView {
  id: string;
  batchId: string | null;
  entityType: EntityType;
  entity: string | null;
  entityLabel: string | null;
  operation: "update" | "create" | "archive";
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  reasonCode: string | null;
  reasonParams: Record<string, unknown> | null;
  reasonText: string | null;
  authorKind: string;
  /** The author's user id (from the IRI), when a person asked. */
  authorId: string | null;
  /** The administrator who made it while viewing Starport as the author (impersonation). */
  actorName: string | null;
  status: ChangeStatus | "draft";
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: string;
  appliedAt: string | null;
  undoOf: string | null;
}

export interface BatchView {
  id: string;
  status: BatchStatus;
  authorKind: string;
  total: number;
  applied: number;
  failed: number;
  pending: number;
  createdAt: string | null;
  pushedAt: string | null;
  finishedAt: string | null;
  undoOf: string | null;
}

/** The open tray: the caller's draft batch of the seller profile and its changes. */
export interface TrayData {
  batch: BatchView | null;
  changes: ChangeView[];
  /** The seller's failed changes of the profile, kept until dismissed or retried. */
  failed: ChangeView[];
}

export interface BatchData {
  batch: BatchView;
  changes: ChangeView[];
}

export interface HistoryData {
  changes: ChangeView[];
}

/** A violation of the changes API, its code translated under changes.error.* when known. */
export type ActionViolation = Violation;

export type ActionResult =
  | { ok: true; intent: string; batchId?: string; created?: number; skipped?: number }
  | {
      ok: false;
      intent: string;
      status: number;
      message: string;
      violations: ActionViolation[];
    };

/** A bulk action: the API's own, or a state change the screens name by its verb. */
export type BulkAction =
  | BulkChangeRequest["action"]
  | { kind: Extract<BulkKind, "pause" | "enable" | "archive"> };

export type BulkSelection = { ids: string[] } | { query: string };

/** What the screens send to the changes route's action (JSON). */
export type ChangeIntent =
  | {
      intent: "stage";
      sellerProfile: string;
      entityType: EntityType;
      entity: string;
      field: ChangeRequest["field"];
      value: ChangeRequest["value"];
    }
  | {
      intent: "bulk";
      sellerProfile: string;
      entityType: EntityType;
      selection: BulkSelection;
      action: BulkAction;
    }
  | { intent: "remove"; change: string }
  | { intent: "discard"; batch: string }
  | { intent: "push"; batch: string }
  | { intent: "undoBatch"; batch: string }
  | { intent: "undoChange"; change: string }
  /** Retries a failed change, with a corrected value when `value` is given. */
  | { intent: "retry"; change: string; value?: RetryRequest["value"] }
  | { intent: "dismiss"; changes: string[] }
  | {
      intent: "createKeyword";
      sellerProfile: string;
      adGroup: string;
      keywordText: string;
      matchType: "EXACT" | "PHRASE" | "BROAD";
      bid: number;
      searchTerm: string;
    }
  | {
      intent: "createNegative";
      sellerProfile: string;
      level: "adGroup" | "campaign";
      adGroup: string | null;
      campaign: string;
      keywordText: string;
      matchType: "NEGATIVE_EXACT" | "NEGATIVE_PHRASE";
      searchTerm: string;
    };

/** A batch still working on Amazon (the UI keeps polling it). */
export function batchRunning(status: BatchStatus): boolean {
  return status === "pending" || status === "applying";
}

/** The last path segment of an IRI (or the id itself). */
export function idOf(iri: string | null | undefined): string | null {
  if (!iri) return null;
  return iri.split("/").filter(Boolean).pop() ?? null;
}

/** Money fields are in the marketplace currency's major units. */
export function isMoneyField(field: string | null): boolean {
  return field === "bid" || field === "budget";
}

/** An ad group a harvested keyword can go to (of a manual campaign). */
export interface AdGroupChoice {
  id: string;
  name: string;
  campaignId: string;
  campaignName: string;
}
