/** How changes read in the tray and the history: values per field, reasons, authors, errors. */
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useFormat } from "../format.ts";
import { type ActionResult, type ChangeView, isMoneyField } from "./model.ts";

export function useChangeFormat(currency: string) {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo(() => {
    const value = (field: string | null, raw: unknown): string => {
      if (raw === null || raw === undefined || raw === "") return "–";
      if (isMoneyField(field) && typeof raw === "number") return format.money(raw, currency);
      if (field === "state") return t(`hangar.state.${raw}`, { defaultValue: String(raw) });
      if (field?.startsWith("placement") && typeof raw === "number")
        return numberFormat(intlLocale(format.locale), { style: "percent" }).format(raw / 100);
      if ((field === "startDate" || field === "endDate") && typeof raw === "string")
        return format.day(raw);
      if (field === "biddingStrategy")
        return t(`hangar.enum.${raw}`, { defaultValue: String(raw) });
      if (typeof raw === "object") return creationText(raw as Record<string, unknown>);
      return String(raw);
    };
    const creationText = (payload: Record<string, unknown>) => {
      const text = payload.keywordText ?? payload.name ?? payload.sku ?? payload.expression;
      const match = payload.matchType
        ? ` (${t(`hangar.enum.${payload.matchType}`, { defaultValue: String(payload.matchType) })})`
        : "";
      const bid =
        typeof payload.bid === "number" ? ` · ${format.money(payload.bid, currency)}` : "";
      return `${typeof text === "string" ? text : JSON.stringify(text ?? "")}${match}${bid}`;
    };
    return {
      value,
      /** What a change does, in words: "Bid", "State", "New keyword", "Archive". */
      what: (change: ChangeView) =>
        change.operation === "create"
          ? t(`changes.create.${change.entityType}`, {
              defaultValue: t("changes.create.other"),
            })
          : change.operation === "archive"
            ? t("changes.field.archive")
            : t(`changes.field.${change.field}`, { defaultValue: change.field ?? "" }),
      reason: (change: ChangeView) =>
        change.reasonText ||
        (change.reasonCode
          ? t(`changes.reason.${change.reasonCode}`, {
              ...(change.reasonParams ?? {}),
              defaultValue: change.reasonCode,
            })
          : "–"),
      when: (iso: string | null) => (iso ? format.dateTime(iso) : "–"),
      /** Why a change failed, in the page's language (null: it did not fail). */
      error: (change: ChangeView) => changeErrorText(change, t, value),
    };
  }, [t, format, currency]);
}

/**
 * Why a change failed, translated from its code (`changes.error.STARPORT_CONFLICT`): Starport's
 * own codes have a text each, with the value Amazon has now where the API names it (the message
 * of a conflict is JSON with `current`); Amazon's codes read as "Amazon refused" with Amazon's
 * own message as the detail. The raw message is never shown on its own.
 */
export function changeErrorText(
  change: Pick<ChangeView, "errorCode" | "errorMessage" | "field">,
  t: TFunction,
  value: (field: string | null, raw: unknown) => string = (_, raw) => String(raw),
): string | null {
  const { errorCode: code, errorMessage: message } = change;
  if (!code && !message) return null;
  let detail: { message?: unknown; current?: unknown } | null = null;
  try {
    const parsed = message ? JSON.parse(message) : null;
    if (parsed && typeof parsed === "object") detail = parsed;
  } catch {
    // A plain message (Amazon's own words).
  }
  if (code?.startsWith("STARPORT_") || code?.startsWith("AMAZON_")) {
    const known = `changes.error.${code}`;
    if (code === "STARPORT_CONFLICT" && detail && "current" in detail)
      return t("changes.error.STARPORT_CONFLICT_current", {
        current: value(change.field, detail.current),
      });
    const text = t(known, { defaultValue: "" });
    if (text) return text;
  }
  const amazonMessage =
    typeof detail?.message === "string" ? detail.message : detail ? null : message;
  return amazonMessage
    ? t("changes.error.amazon", { code: code ?? "", message: amazonMessage })
    : t("changes.error.amazonNoMessage", { code: code ?? "" });
}

/**
 * The translated message of a refused action (the first violation, else the status). The API's
 * codes are keys (`changes.violation.bidOutOfRange`); money limits read in the locale's format.
 */
export function actionError(
  result: ActionResult | undefined,
  t: TFunction,
  money?: (value: number) => string,
): string | null {
  if (!result || result.ok) return null;
  const violation = result.violations[0];
  if (violation) {
    const params = Object.fromEntries(
      Object.entries(violation.params).map(([key, value]) => [
        key,
        typeof value === "number" && money && (key === "min" || key === "max")
          ? money(value)
          : value,
      ]),
    );
    const key = violation.code.startsWith("changes.")
      ? violation.code
      : `changes.violation.${violation.code}`;
    return t(key, {
      ...params,
      defaultValue: violation.message || t("changes.error.generic"),
    });
  }
  if (result.status === 404) return t("changes.error.notFound");
  if (result.status === 409) return t("changes.error.conflict");
  return t("changes.error.generic");
}
