import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../hangar/format.ts";
import type { LogEntry } from "../optimiser/log.server.ts";
import { useLogValue } from "../optimiser/log-words.tsx";

/** Accepted with another value than proposed (a bid, budget, state; a keyword's bid or match type). */
export function editedAccept(
  entry: Pick<LogEntry, "what" | "newValue" | "acceptedValue">,
): boolean {
  const accepted = entry.acceptedValue;
  if (accepted === null || accepted === undefined) return false;
  if (typeof accepted !== "object") return accepted !== entry.newValue;
  const a = accepted as Record<string, unknown>;
  const p = (entry.newValue ?? {}) as Record<string, unknown>;
  const defaultMatch = entry.what === "negative" ? "NEGATIVE_EXACT" : "EXACT";
  return a.bid !== p.bid || (a.matchType !== undefined && a.matchType !== defaultMatch);
}

/**
 * "Übernommen mit Archiviert statt Pausiert" / "Accepted with €0.55 instead of €0.62": a decided
 * proposal the seller edited before accepting, in the action center's done tab and the bid
 * optimisation log alike; nothing when it was accepted as proposed.
 */
export function AcceptedInstead({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  const value = useLogValue();
  if (!editedAccept(entry)) return null;
  /** A value as accepted: a keyword's bid and match type, else the value. */
  const label = (accepted: unknown) => {
    if (accepted && typeof accepted === "object") {
      const v = accepted as Record<string, unknown>;
      const parts = [
        typeof v.bid === "number" ? format.money(v.bid, entry.currency) : null,
        typeof v.matchType === "string" ? t(`hangar.enum.${v.matchType}`) : null,
      ].filter(Boolean);
      return parts.join(" · ") || value(entry.what, accepted, entry.currency);
    }
    return value(entry.what, accepted, entry.currency);
  };
  return (
    <Text size="xs" c="orange.8" data-testid="queue-accepted-instead">
      {t("actionCenter.acceptedInstead", {
        accepted: label(entry.acceptedValue),
        proposed: label(entry.newValue),
      })}
    </Text>
  );
}
