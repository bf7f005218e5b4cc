import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Popover,
  Select,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { IconFolderPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import { formatters } from "./format.ts";
import type { BulkOutcome, Option, ProductRow } from "./types.ts";

/**
 * The bulk bar's tags by name: the ids of the seller's tags (any case), and for adding the names
 * that are no tag yet (the action creates them first).
 */
function bulkTagFields(names: string[], tags: Option[], create: boolean): Record<string, string> {
  const byText = new Map(tags.map((tag) => [(tag.text ?? "").trim().toLowerCase(), tag.id]));
  const ids: string[] = [];
  const fresh: string[] = [];
  for (const name of names) {
    const text = name.trim();
    if (!text) continue;
    const id = byText.get(text.toLowerCase());
    if (id) ids.push(id);
    else if (create && !fresh.some((f) => f.toLowerCase() === text.toLowerCase())) fresh.push(text);
  }
  return { tags: JSON.stringify(ids), newTags: JSON.stringify(fresh) };
}

/**
 * The bulk bar over the selected products (or every product the filters match): tags, cost and
 * collections. Mounted while nothing is selected (it then shows nothing) so that the tags, cost
 * and collection typed in stay for the next selection.
 */
export function BulkBar({
  selected,
  setSelected,
  allMatching,
  setAllMatching,
  total,
  pageRows,
  tags,
  collections,
  busy,
  outcome,
  onBulk,
}: {
  selected: ProductRow[];
  setSelected: (rows: ProductRow[]) => void;
  allMatching: boolean;
  setAllMatching: (all: boolean) => void;
  /** Products the filters match (all pages). */
  total: number;
  /** Rows on this page. */
  pageRows: number;
  tags: Option[];
  collections: Option[];
  busy: boolean;
  outcome: BulkOutcome | undefined;
  onBulk: (kind: string, extra: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const [bulkTags, setBulkTags] = useState<string[]>([]);
  const [bulkCost, setBulkCost] = useState<string | number>("");
  const [bulkCollection, setBulkCollection] = useState<string | null>(null);
  const [collectionName, setCollectionName] = useState("");
  useEffect(() => {
    if (!busy && outcome?.ok) setCollectionName("");
  }, [busy, outcome]);
  const selectedCount = allMatching ? total : selected.length;
  const wholePageSelected = selected.length > 0 && selected.length === pageRows && total > pageRows;
  if (selectedCount === 0) return null;

  return (
    <Card withBorder padding="sm" data-testid="bulk-bar">
      <Group gap="xs" mb="xs">
        <Text fw={600} data-testid="bulk-count">
          {allMatching
            ? t("catalogue.bulk.allSelected", { total: f.number(total) })
            : t("catalogue.bulk.selected", { count: selected.length })}
        </Text>
        {wholePageSelected && !allMatching && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setAllMatching(true)}
            data-testid="select-all-matching"
          >
            {t("catalogue.bulk.selectAllMatching", { total: f.number(total) })}
          </Button>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray"
          onClick={() => {
            setAllMatching(false);
            setSelected([]);
          }}
        >
          {t("catalogue.bulk.clear")}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <TagsInput
          label={t("catalogue.bulk.tags")}
          description={t("catalogue.bulk.tagsHint")}
          data={tags.map((tag) => tag.text ?? "")}
          value={bulkTags}
          onChange={setBulkTags}
          w={260}
          data-testid="bulk-tags"
        />
        <Button
          disabled={bulkTags.length === 0}
          onClick={() => onBulk("addTags", bulkTagFields(bulkTags, tags, true))}
          data-testid="bulk-add-tags"
        >
          {t("catalogue.bulk.addTags")}
        </Button>
        <Button
          variant="default"
          disabled={bulkTags.length === 0}
          onClick={() => onBulk("removeTags", bulkTagFields(bulkTags, tags, false))}
        >
          {t("catalogue.bulk.removeTags")}
        </Button>
        <NumberInput
          label={t("catalogue.bulk.cost")}
          value={bulkCost}
          onChange={setBulkCost}
          decimalSeparator={i18n.language === "en" ? "." : ","}
          decimalScale={2}
          min={0}
          hideControls
          w={110}
          data-testid="bulk-cost"
        />
        <Button
          variant="default"
          disabled={bulkCost === ""}
          onClick={() => onBulk("setCost", { cost: String(bulkCost) })}
          data-testid="bulk-set-cost"
        >
          {t("catalogue.bulk.setCost")}
        </Button>
        <Popover position="bottom-start" withArrow trapFocus>
          <Popover.Target>
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={14} />}
              data-testid="save-collection"
            >
              {t("catalogue.bulk.saveAsCollection")}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (collectionName.trim())
                  onBulk("createCollection", { name: collectionName.trim() });
              }}
            >
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={t("catalogue.bulk.collectionName")}
                  value={collectionName}
                  onChange={(e) => setCollectionName(e.currentTarget.value)}
                  maxLength={120}
                  required
                  data-testid="collection-name"
                />
                <Button
                  type="submit"
                  disabled={!collectionName.trim()}
                  loading={busy}
                  data-testid="save-collection-submit"
                >
                  {t("catalogue.bulk.save")}
                </Button>
              </Group>
            </form>
          </Popover.Dropdown>
        </Popover>
        {collections.length > 0 && (
          <>
            <Select
              label={t("catalogue.bulk.collection")}
              data={collections.map((c) => ({ value: c.id, label: c.name ?? "" }))}
              value={bulkCollection}
              onChange={setBulkCollection}
              w={170}
            />
            <Button
              variant="default"
              disabled={!bulkCollection}
              onClick={() => onBulk("addToCollection", { collection: bulkCollection ?? "" })}
            >
              {t("catalogue.bulk.addToCollection")}
            </Button>
            <Button
              variant="default"
              disabled={!bulkCollection}
              onClick={() => onBulk("removeFromCollection", { collection: bulkCollection ?? "" })}
            >
              {t("catalogue.bulk.removeFromCollection")}
            </Button>
          </>
        )}
      </Group>
    </Card>
  );
}

/** What the last bulk action did (or that it failed), with a link to a collection it saved. */
export function BulkResult({ outcome }: { outcome: BulkOutcome }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <Alert color={outcome.ok ? "teal" : "red"} data-testid="bulk-result" withCloseButton={false}>
      {!outcome.ok ? (
        t("catalogue.bulk.failed")
      ) : outcome.collection ? (
        <>
          {t("catalogue.bulk.collectionSaved", {
            name: outcome.name,
            products: outcome.changed,
          })}{" "}
          <Anchor
            component={Link}
            to={localized(`/cargo-bay/collections/${outcome.collection}`)}
            data-testid="saved-collection-link"
          >
            {t("catalogue.bulk.openCollection")}
          </Anchor>
        </>
      ) : (
        t("catalogue.bulk.done", { count: outcome.changed })
      )}
    </Alert>
  );
}
