import { Button, Group, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import type { QueueActionResult, QueueIntent } from "../../routes/action-center/queue-model.ts";

/** A week from today, the default end of a snooze. */
function inAWeek(): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 7);
  return date.toISOString().slice(0, 10);
}

/**
 * Accept (a change in the seller's tray), snooze or reject recommendations, one or a selection:
 * the one way to decide, posting to the action center's action from wherever a proposal is shown
 * (the queue, the bid optimisation log). `testId` keeps each screen's test hooks.
 */
export function DecideButtons({
  ids,
  testId,
  snooze = true,
  showDone = false,
  onDone,
  allMatching,
}: {
  ids: string[];
  /** Decide every open recommendation matching these queue filters, not the ids. */
  allMatching?: { kind: string | null; marketplace: string | null } | undefined;
  testId: "queue" | "log" | "marker";
  snooze?: boolean;
  /** Replace the buttons by what was decided (a row that stays on screen until reloaded). */
  showDone?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const fetcher = useFetcher<QueueActionResult>();
  const busy = fetcher.state !== "idle";
  const submit = (intent: QueueIntent) => {
    const form = new FormData();
    form.set("intent", intent);
    if (allMatching) {
      form.set("all", "1");
      if (allMatching.kind) form.set("kind", allMatching.kind);
      if (allMatching.marketplace) form.set("marketplace", allMatching.marketplace);
    } else for (const id of ids) form.append("id", id);
    if (intent === "snooze") form.set("until", inAWeek());
    void fetcher.submit(form, { method: "post", action: localize("/action-center") });
  };
  useEffect(() => {
    // With more to decide ("all matching" ran out of time) the selection stays for the next click.
    if (fetcher.state === "idle" && fetcher.data?.ok && !fetcher.data.more) onDone?.();
  }, [fetcher.state, fetcher.data, onDone]);
  const result = fetcher.data;
  if (showDone && result?.ok && result.failed.length === 0)
    return (
      <Text size="xs" c="green" data-testid={`${testId}-decision-done`}>
        {t(`actionCenter.decided.${result.intent}`)}
      </Text>
    );
  return (
    <Stack gap={2} align="flex-end" onClick={(event) => event.stopPropagation()}>
      {/* The buttons wrap where the column is narrow (the queue at 1280 px scrolled sideways) */}
      <Group gap={4} justify="flex-end">
        <Button
          size="compact-xs"
          variant="light"
          loading={busy}
          disabled={ids.length === 0 && !allMatching}
          onClick={() => submit("accept")}
          data-testid={`${testId}-accept`}
        >
          {t("actionCenter.accept")}
        </Button>
        {snooze ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            disabled={busy || (ids.length === 0 && !allMatching)}
            onClick={() => submit("snooze")}
            title={t("actionCenter.snoozeHint")}
            data-testid={`${testId}-snooze`}
          >
            {t("actionCenter.snooze")}
          </Button>
        ) : null}
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          disabled={busy || (ids.length === 0 && !allMatching)}
          onClick={() => submit("reject")}
          data-testid={`${testId}-reject`}
        >
          {t("actionCenter.reject")}
        </Button>
      </Group>
      {result && !result.ok ? (
        <Text size="xs" c="red" data-testid={`${testId}-error`}>
          {result.message}
        </Text>
      ) : result?.ok && result.more ? (
        <Text size="xs" c="orange" data-testid={`${testId}-more`}>
          {t("actionCenter.more", { count: result.done })}
        </Text>
      ) : result?.ok && result.failed.length > 0 ? (
        <Text size="xs" c="red" data-testid={`${testId}-error`}>
          {t("actionCenter.someFailed", {
            count: result.failed.length,
            message: result.failed[0]?.message,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
