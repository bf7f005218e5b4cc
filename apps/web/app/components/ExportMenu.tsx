import { Button, Menu } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export type ExportFormat = "csv" | "xlsx";

/**
 * Every table's "Export" menu: the file of what the table shows as CSV or XLSX. `hrefOf` builds
 * the resource route's address for a format (same URL state as the screen, every page).
 */
export function ExportMenu({
  hrefOf,
  disabled = false,
  size,
}: {
  hrefOf: (format: ExportFormat) => string;
  disabled?: boolean;
  size?: "xs" | "sm";
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size={size}
          variant="default"
          leftSection={<IconDownload size={14} />}
          disabled={disabled}
          data-testid="export-button"
        >
          {t("export.button")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={hrefOf("csv")} download data-testid="export-csv">
          {t("export.csv")}
        </Menu.Item>
        <Menu.Item component="a" href={hrefOf("xlsx")} download data-testid="export-xlsx">
          {t("export.xlsx")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
