/** The product import API's payloads as the screen reads them. */
import type { PreviewCell } from "./format-preview.ts";

export interface ImportItem {
  "@id": string;
  id: string;
  author: string;
  source: "file" | "amazon";
  marketplace: string | null;
  fileName: string;
  failureReason: string | null;
  status: "uploaded" | "queued" | "running" | "completed" | "failed" | "abandoned";
  totalRows: number | null;
  rowsDone: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  warnings: number;
  createdAt: string;
}
export type Mapping = Record<string, number>;
export interface PreviewRow {
  row: number;
  cells: PreviewCell[];
}
export interface Uploaded {
  import: string;
  fileName: string;
  headerRow: number;
  headers: string[];
  mapping: Mapping;
  fields: string[];
  preview: PreviewRow[];
}
export interface RowError {
  row: number;
  column: string;
  value: string;
  reason: string;
  severity: "error" | "warning";
  relatedRow: number | null;
}
