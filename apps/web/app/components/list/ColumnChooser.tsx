import { Button, Checkbox, Popover, Stack } from "@mantine/core";
import { IconColumns } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * A table toolbar's column chooser (Hangar's tables, the product list): every column but the fixed
 * ones can be shown or hidden; `label` is a translation key.
 */
export function ColumnChooser({
  columns,
  visible,
  onChange,
}: {
  columns: readonly { key: string; label: string; fixed?: boolean }[];
  visible: string[];
  /** The new choice of visible columns. */
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconColumns size={14} />}
          data-testid="columns-button"
        >
          {t("hangar.table.columns")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} data-testid="column-chooser">
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              size="xs"
              label={t(column.label)}
              disabled={column.fixed}
              checked={visible.includes(column.key)}
              onChange={(e) => {
                const keys = e.currentTarget.checked
                  ? [...visible, column.key]
                  : visible.filter((k) => k !== column.key);
                onChange(keys);
              }}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
