import { Anchor, Badge, Loader, Popover, Stack, Text, Tooltip } from "@mantine/core";
import { IconBulb } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import { useImpact } from "../action-center/impact.ts";
import { lazyAfterPage } from "../LazyOverlays.tsx";
import type { RowRecommendation } from "./row-recommendations.ts";
import type { HangarRow } from "./tables.ts";
import "./cells.css";

/** How many proposals the popover lists; the rest wait in the action center. */
const POPOVER_LIMIT = 5;

const RecommendationProposals = lazy(() =>
  import("./RecommendationProposals.tsx").then((m) => ({ default: m.RecommendationProposals })),
);

/**
 * The tooltip's reason sentence: its wording (reason-sentence.ts) loads after the page, the
 * tooltip shows only on hover (issue 23, first-load JS).
 */
const ReasonSentence = lazyAfterPage(() =>
  import("./ReasonSentence.tsx").then((m) => m.ReasonSentence),
);

/**
 * A row's marker of its entity's open recommendations (issue 21 §4): an icon with their number;
 * the tooltip gives the best one's reason and projected impact, a click opens them with accept,
 * snooze and reject (the action center's one way to decide) and a link to the queue filtered to
 * the entity. A decision reloads the page's data, so a decided proposal's marker goes.
 */
export function RecommendationMarker({
  entity,
  recommendations,
}: {
  entity: string;
  recommendations: RowRecommendation[];
}) {
  const { t } = useTranslation();
  const impact = useImpact();
  useEffect(ReasonSentence.preload, []);
  const localize = useLocalizedPath();
  const revalidator = useRevalidator();
  // Controlled: the tooltip between target and badge keeps the badge's own click handler.
  const [opened, setOpened] = useState(false);
  // DecideButtons calls back after each decision: a stable callback, one reload per decision.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const onDone = useCallback(() => void revalidate.current(), []);
  const count = recommendations.length;
  const top = recommendations[0];
  if (!top) return null;
  const projected = impact(top);
  const tooltip = (
    <Stack gap={2} maw={320}>
      <ReasonSentence recommendation={top} />
      <Text size="xs" fw={600}>
        {projected
          ? t("hangar.recommendations.impact", { amount: projected })
          : t("hangar.recommendations.noImpact")}
      </Text>
    </Stack>
  );
  const rest = count - POPOVER_LIMIT;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      onDismiss={() => setOpened(false)}
      position="bottom-start"
      shadow="md"
      withinPortal
      trapFocus
      width={420}
    >
      <Popover.Target>
        <Tooltip label={tooltip} multiline withinPortal openDelay={200} disabled={opened}>
          <Badge
            component="button"
            type="button"
            size="sm"
            variant="light"
            color="orange"
            leftSection={<IconBulb size={12} aria-hidden />}
            style={{ cursor: "pointer", flexShrink: 0 }}
            aria-label={t("hangar.recommendations.marker", { count })}
            aria-haspopup="dialog"
            data-testid="recommendation-marker"
            data-count={count}
            onClick={(event) => {
              event.stopPropagation();
              setOpened((open) => !open);
            }}
          >
            {count}
          </Badge>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="recommendation-popover">
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            {t("hangar.recommendations.title", { count })}
          </Text>
          {/* the proposals and their buttons load on the first opening: not in the page's first load */}
          <Suspense fallback={<Loader size="xs" />}>
            <RecommendationProposals
              recommendations={recommendations.slice(0, POPOVER_LIMIT)}
              onDone={onDone}
            />
          </Suspense>
          {rest > 0 ? (
            <Text size="xs" c="dimmed">
              {t("hangar.recommendations.more", { count: rest })}
            </Text>
          ) : null}
          <Anchor
            component={Link}
            to={localize(`/action-center?entity=${entity}`)}
            size="sm"
            data-testid="marker-queue-link"
          >
            {t("hangar.recommendations.openQueue")}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A row's identifying cell with its marker beside it, when its entity has open recommendations. */
export function MarkedCell({
  row,
  list,
  children,
}: {
  row: HangarRow;
  /** The row's open recommendations. */
  list: RowRecommendation[] | undefined;
  children: ReactNode;
}) {
  if (!row.id || !list?.length) return children;
  return (
    // A plain element with a class (cells.css), not Mantine's Group: one on many rows.
    <div className="sp-cell-row">
      {/* Its own element: the name stays findable by its exact text. */}
      <span>{children}</span>
      <RecommendationMarker entity={row.id} recommendations={list} />
    </div>
  );
}
