/** How changes read in the tray and the history: values per field, reasons, authors, errors. */
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useFormat } from "../format.ts";
import { type ActionResult, type ChangeView, isMoneyField } from "./model.ts";

export function useChangeFormat(currency: string) {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(intlLocale(format.locale), {
      dateStyle: "short",
      timeStyle: "short",
    });
    const value = (field: string | null, raw: unknown): string => {
      if (raw === null || raw === undefined || raw === "") return "–";
      if (isMoneyField(field) && typeof raw === "number") return format.money(raw, currency);
      if (field === "state") return t(`hangar.state.${raw}`, { defaultValue: String(raw) });
      if (field?.startsWith("placement") && typeof raw === "number")
        return new Intl.NumberFormat(intlLocale(format.locale), { style: "percent" }).format(
          raw / 100,
        );
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
      when: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "–"),
    };
  }, [t, format, currency]);
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
