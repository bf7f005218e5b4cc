import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { guardedReload } from "./reload-guard.ts";

/** Spec §9: the build check runs every 60 minutes. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export const CURRENT_BUILD_ID: string =
  typeof __STARPORT_BUILD_ID__ === "string" ? __STARPORT_BUILD_ID__ : "development";

async function fetchJson(path: string): Promise<{ id?: unknown } | null> {
  const response = await fetch(path, { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) return null;
  return (await response.json()) as { id?: unknown };
}

/**
 * Polls builds/latest.json hourly; when a newer build is deployed (and its builds/meta file is
 * there), offers a reload in a toast with a button. The reload is guarded: once per path in 10 s.
 */
export function BuildWatcher() {
  const { t } = useTranslation();
  const announced = useRef<string | null>(null);
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    async function check() {
      try {
        const latest = await fetchJson("/builds/latest.json");
        const id = typeof latest?.id === "string" ? latest.id : null;
        if (!id || id === CURRENT_BUILD_ID || id === announced.current) return;
        if (!(await fetchJson(`/builds/meta/${encodeURIComponent(id)}.json`))) return;
        announced.current = id;
        const tr = translate.current;
        notifications.show({
          id: "new-build",
          autoClose: false,
          withCloseButton: true,
          title: tr("build.newVersion"),
          "data-toast": "new-build",
          message: (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm">{tr("build.reloadHint")}</Text>
              <Button size="xs" onClick={() => guardedReload()} data-testid="reload-app">
                {tr("build.reload")}
              </Button>
            </Group>
          ),
        } as Parameters<typeof notifications.show>[0]);
      } catch {
        // Offline or mid-deploy: the next hourly check tries again.
      }
    }
    const timer = window.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return null;
}
