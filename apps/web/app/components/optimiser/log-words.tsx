/**
 * The words of a decision of the optimiser, shared by the bid optimisation log, the action
 * center and Hangar's markers: its values (money in its marketplace's currency, states, new
 * terms) and who decided a proposal.
 */
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../hangar/format.ts";
import type { LogDecider } from "./log.server.ts";

const MONEY_FIELDS = new Set(["bid", "budget"]);

/** A decision's value in words: money in its marketplace's currency, states, new terms. */
export function useLogValue() {
  const { t } = useTranslation();
  const format = useFormat();
  return (what: string, value: unknown, currency: string): string => {
    if (value === null || value === undefined || value === "") return "–";
    if (MONEY_FIELDS.has(what) && typeof value === "number") return format.money(value, currency);
    if (what === "state" && typeof value === "string")
      return t(`hangar.state.${value}`, { defaultValue: value });
    if (typeof value === "object") {
      const v = value as Record<string, unknown>;
      const bid = typeof v.bid === "number" ? ` · ${format.money(v.bid, currency)}` : "";
      return `${String(v.text ?? v.keywordText ?? "")}${bid}`;
    }
    return String(value);
  };
}

/**
 * Who decided a proposal: "Entschieden von Ines Imp", or "Ada Admin (Administrator) für Ines Imp"
 * when an administrator decided while viewing Starport as her. The one place of that sentence:
 * the bid optimisation log and the action center's done tab show it.
 */
export function DecidedBy({ decider, testId }: { decider: LogDecider; testId: string }) {
  const { t } = useTranslation();
  const user = decider.userName ?? t("changes.author.user");
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {decider.actorName
        ? t("changes.author.impersonated", { admin: decider.actorName, user })
        : t("optimiserLog.decidedBy", { user })}
    </Text>
  );
}
