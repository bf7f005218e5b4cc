import { Group, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../lib/api/session-hydra.ts";
import { numberFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";
import { sessionStore } from "../../session/store.ts";
import { SyncArrivals, type SyncArrivalsView } from "./SyncArrivals.tsx";

export interface SyncRunView {
  "@id": string;
  id: string;
  kind: string;
  status: "queued" | "running" | "retrying" | "succeeded" | "failed";
  progress: number;
  stepsDone: number;
  stepsTotal: number;
  rowsWritten: number;
  currentStep: string | null;
  error: string | null;
  /** Write runs: per-row outcome; other runs: `arrived`, what came from Amazon so far. */
  result?: { arrived?: SyncArrivalsView } | null;
}

/**
 * The progress of a sync run, updated live from GET /api/sync_runs/events (server-sent events,
 * streamed through the browser seam so the Bearer token goes along; before the session store is
 * hydrated the token comes from its cookie).
 */
export function SyncProgress({
  initial,
  testId = "sync-progress",
}: {
  initial: SyncRunView | null;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const [run, setRun] = useState<SyncRunView | null>(initial);
  const runId = initial?.id;
  useEffect(() => {
    if (!runId) return;
    const controller = new AbortController();
    const token = sessionStore().getState().token ?? sessionStore().cookieToken();
    // The server ends a stream after its lifetime: connect again until unmounted.
    const follow = async () => {
      while (!controller.signal.aborted) {
        if (!(await read())) return;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    };
    /** One stream to its end; false when following further makes no sense (refused, broken). */
    const read = async (): Promise<boolean> => {
      try {
        // A refused stream throws (caught below) like a broken one.
        const response = await browserHydra().request("/api/sync_runs/events", {
          headers: {
            accept: "text/event-stream",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          signal: controller.signal,
        });
        const reader = response.body?.getReader();
        if (!reader) return false;
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const chunk = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = chunk
              .split("\n")
              .find((line) => line.startsWith("data: "))
              ?.slice(6);
            if (data) {
              const event = JSON.parse(data) as SyncRunView;
              if (event.id === runId) setRun(event);
            }
            end = buffer.indexOf("\n\n");
          }
        }
        return true;
      } catch {
        // Aborted on unmount, or the connection broke: the last state stays shown.
        return false;
      }
    };
    void follow();
    return () => controller.abort();
  }, [runId]);
  if (!run) return null;
  const percent = Math.round(run.progress * 100);
  return (
    <Stack gap={4} data-testid={testId} data-status={run.status} data-kind={run.kind}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t(`sync.status.${run.status}`)}
          {run.kind === "economics" ? ` · ${t("sync.kind.economics")}` : null}
        </Text>
        <Text size="sm" c="dimmed">
          {t("sync.steps", { done: run.stepsDone, total: run.stepsTotal })}
        </Text>
      </Group>
      <Progress
        value={percent}
        animated={run.status === "running"}
        color={run.status === "failed" ? "red" : undefined}
        aria-label={t("sync.progress")}
      />
      <Text size="xs" c="dimmed">
        {t("sync.rows", {
          formatted: numberFormat(intlLocale(i18n.language)).format(run.rowsWritten),
        })}
      </Text>
      {run.result?.arrived ? <SyncArrivals arrived={run.result.arrived} /> : null}
    </Stack>
  );
}
