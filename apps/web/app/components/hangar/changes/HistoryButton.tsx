import { Button } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChanges } from "./ChangesContext.tsx";
import type { ChangeView } from "./model.ts";

/**
 * Opens the history of one entity (from a row, or from the campaign page's header). Memoised:
 * its props are texts, and a table's reload (a sort, a page) need not draw every row's button again.
 */
export const HistoryButton = memo(function HistoryButton({
  entity,
  entityType,
  label,
  compact = false,
}: {
  entity: string;
  entityType: ChangeView["entityType"];
  label: string;
  compact?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const changes = useChanges();
  if (!changes) return null;
  const open = () => changes.openHistory({ entity, entityType, label });
  return compact ? (
    <Button
      size="compact-xs"
      variant="subtle"
      color="gray"
      px={4}
      onClick={open}
      aria-label={t("changes.history.open", { name: label })}
      data-testid="row-history"
    >
      <IconHistory size={14} />
    </Button>
  ) : (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconHistory size={14} />}
      onClick={open}
      data-testid="entity-history"
    >
      {t("changes.history.button")}
    </Button>
  );
});
