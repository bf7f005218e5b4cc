import { ActionIcon, Tooltip } from "@mantine/core";
import { IconKeyboard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The table's keyboard shortcuts (lib/use-table-keys.ts), one hover or focus away. */
export function TableKeysHint() {
  const { t } = useTranslation();
  const text = t("table.keys");
  return (
    <Tooltip label={text} multiline w={280} withArrow>
      <ActionIcon variant="subtle" color="gray" aria-label={text} data-testid="table-keys">
        <IconKeyboard size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
