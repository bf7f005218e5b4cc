import { Text } from "@mantine/core";
import { reasonSentence } from "@starport/optimiser/reason-sentence";
import { useTranslation } from "react-i18next";
import type { RowRecommendation } from "./row-recommendations.ts";

/** A recommendation's reason in the page's language (the optimiser's reason sentence). */
export function useSentence() {
  const { i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en" : "de";
  return (rec: RowRecommendation) =>
    reasonSentence(rec.reasonCode, rec.reasonParams, { locale, currency: rec.currency }) ??
    rec.reasonCode;
}

/** The reason line of a row marker's tooltip (RecommendationMarker.tsx). */
export function ReasonSentence({ recommendation }: { recommendation: RowRecommendation }) {
  const sentence = useSentence();
  return <Text size="xs">{sentence(recommendation)}</Text>;
}
