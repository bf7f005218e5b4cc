/**
 * The pending-changes tray (issue 10 §4): a button with the count in the Hangar header, and the
 * drawer it opens (ChangesTrayDrawer.tsx: every draft change, the pushed batch's results, the
 * failed rows).
 */
import { Badge, Button, Indicator } from "@mantine/core";
import { IconStack2 } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { preloadNumberInput } from "../../LazyNumberInput.tsx";
import { lazyAfterPage } from "../../LazyOverlays.tsx";
import { useChanges } from "./ChangesContext.tsx";
import { batchRunning } from "./model.ts";

/** The drawer and what it shows arrive after the page: closed, it renders nothing. */
const ChangesTrayDrawer = lazyAfterPage(() =>
  import("./ChangesTrayDrawer.tsx").then((module) => module.default),
);

/** The header button: the tray's count; opens the drawer. */
export function ChangesTrayButton() {
  const { t } = useTranslation();
  const changes = useChanges();
  useEffect(preloadNumberInput, []);
  if (!changes) return null;
  const count = changes.tray?.changes.length ?? 0;
  const failed = changes.failed.length;
  const running = changes.results && batchRunning(changes.results.batch.status);
  return (
    <>
      <Indicator
        label={count}
        size={18}
        disabled={count === 0}
        color="indigo"
        data-testid="tray-count"
        data-count={count}
      >
        <Button
          size="xs"
          variant={count > 0 ? "filled" : "default"}
          leftSection={<IconStack2 size={14} />}
          rightSection={
            failed > 0 ? (
              <Badge size="xs" color="red" variant="filled" data-testid="tray-failed-count">
                {failed}
              </Badge>
            ) : null
          }
          loading={!!running && count === 0}
          onClick={() => changes.setTrayOpen(true)}
          data-testid="tray-button"
        >
          {t("changes.tray.button")}
        </Button>
      </Indicator>
      <ChangesTrayDrawer />
    </>
  );
}
