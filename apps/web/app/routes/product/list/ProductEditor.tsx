import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useSearchParams } from "react-router";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import type { ListWrite } from "./route.tsx";
import type { Option, ProductRow } from "./types.ts";

export const LIFECYCLE_STAGES = ["launch", "growth", "profit", "clearance"] as const;

const asText = (value: number | null) => (value === null ? "" : value);

/**
 * Starport's own fields of one product (cost, shipping cost, lifecycle, notes) and its tags,
 * edited in the drawer and saved through the list's route action (`editProduct`).
 */
export function ProductEditor({ product, tags }: { product: ProductRow; tags: Option[] }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ListWrite>();
  const [params] = useSearchParams();
  const localized = useLocalizedPath();
  const [cost, setCost] = useState<string | number>(asText(product.cost));
  const [shipping, setShipping] = useState<string | number>(asText(product.shippingCost));
  const [lifecycle, setLifecycle] = useState<string | null>(product.lifecycle);
  const [notes, setNotes] = useState(product.notes);
  const [tagIds, setTagIds] = useState(product.tags.map((tag) => tag.id));
  const decimal = i18n.language === "en" ? "." : ",";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  // Another product in the drawer, or other saved values after a reload: start from them. Keyed
  // by the values, not the object: a revalidation of the list brings a new object with the same
  // values, and must not wipe what the seller is typing (nor close an open dropdown).
  const saved = JSON.stringify([
    product.id,
    product.cost,
    product.shippingCost,
    product.lifecycle,
    product.notes,
    product.tags.map((tag) => tag.id),
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `saved` stands for the product's values.
  useEffect(() => {
    setCost(asText(product.cost));
    setShipping(asText(product.shippingCost));
    setLifecycle(product.lifecycle);
    setNotes(product.notes);
    setTagIds(product.tags.map((tag) => tag.id));
  }, [saved]);

  function save() {
    const form = new FormData();
    form.set("action", "editProduct");
    form.set("product", product.id);
    form.set("details", product.details ?? "");
    form.set("cost", String(cost));
    form.set("shippingCost", String(shipping));
    form.set("lifecycle", lifecycle ?? "");
    form.set("notes", notes);
    form.set("tags", JSON.stringify(tagIds));
    form.set("previousTags", JSON.stringify(product.tags.map((tag) => tag.id)));
    fetcher.submit(form, { method: "post", action: `${localized("/product/list")}?${params}` });
  }

  return (
    <Stack gap="xs" data-testid="product-editor">
      <SimpleGrid cols={3}>
        <NumberInput
          label={t("catalogue.edit.cost", { currency: product.currency })}
          value={cost}
          onChange={setCost}
          decimalSeparator={decimal}
          decimalScale={2}
          clampBehavior="none"
          hideControls
          data-testid="edit-cost"
        />
        <NumberInput
          label={t("catalogue.edit.shipping", { currency: product.currency })}
          value={shipping}
          onChange={setShipping}
          decimalSeparator={decimal}
          decimalScale={2}
          clampBehavior="none"
          hideControls
          data-testid="edit-shipping"
        />
        <Select
          label={t("catalogue.edit.lifecycle")}
          data={LIFECYCLE_STAGES.map((s) => ({ value: s, label: t(`catalogue.lifecycle.${s}`) }))}
          value={lifecycle}
          onChange={setLifecycle}
          clearable
          data-testid="edit-lifecycle"
        />
      </SimpleGrid>
      <MultiSelect
        label={t("catalogue.bulk.tags")}
        data={tags.map((tag) => ({ value: tag.id, label: tag.text ?? "" }))}
        value={tagIds}
        onChange={setTagIds}
        searchable
        data-testid="edit-tags"
      />
      <Textarea
        label={t("catalogue.drawer.notes")}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={5000}
        data-testid="edit-notes"
      />
      <Group>
        <Button
          onClick={save}
          loading={fetcher.state !== "idle"}
          disabled={!product.details}
          data-testid="edit-save"
        >
          {t("catalogue.edit.save")}
        </Button>
      </Group>
      {result?.action === "editProduct" && (
        <Alert color={result.ok ? "teal" : "red"} data-testid="edit-result" role="status">
          {result.ok ? t("catalogue.edit.saved") : t("catalogue.edit.invalid")}
        </Alert>
      )}
    </Stack>
  );
}
