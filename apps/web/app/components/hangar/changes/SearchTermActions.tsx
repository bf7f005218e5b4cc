/**
 * Harvesting a search term (issue 10 §4): add it as a keyword (ad group of a manual campaign,
 * match type, bid) or as a negative (exact or phrase, in the ad group or the whole campaign).
 * Both are creations that wait in the tray like every other change.
 */
import { Button, Menu } from "@mantine/core";
import { IconDots, IconMinus, IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyAfterPage } from "../../LazyOverlays.tsx";
import type { HangarRow } from "../tables.ts";
import { useChanges } from "./ChangesContext.tsx";

/** The harvest dialogs (SearchTermDialogs.tsx) arrive after the page, with the first row. */
const SearchTermDialog = lazyAfterPage(() =>
  import("./SearchTermDialogs.tsx").then((m) => m.SearchTermDialog),
);

export function SearchTermActions({ row }: { row: HangarRow }) {
  const { t } = useTranslation();
  const changes = useChanges();
  useEffect(SearchTermDialog.preload, []);
  const [open, setOpen] = useState<"keyword" | "negative" | null>(null);
  if (!changes) return null;
  const term = String(row.searchTerm ?? "");
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            px={4}
            aria-label={t("changes.harvest.menu", { term })}
            data-testid="term-actions"
          >
            <IconDots size={14} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPlus size={14} />}
            onClick={() => setOpen("keyword")}
            data-testid="term-add-keyword"
          >
            {t("changes.harvest.addKeyword")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMinus size={14} />}
            onClick={() => setOpen("negative")}
            data-testid="term-add-negative"
          >
            {t("changes.harvest.addNegative")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {open ? <SearchTermDialog kind={open} row={row} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
