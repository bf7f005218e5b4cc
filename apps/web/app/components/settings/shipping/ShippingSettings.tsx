import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { getMarketplace, sortMarketplaces } from "@starport/marketplaces";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { deleteWithToast } from "../../../lib/entry-toasts.ts";
import { useHydraForm } from "../../../lib/hydra-form.ts";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useRouteWrite } from "../../../lib/route-write.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useConfirm } from "../../ConfirmModal.tsx";
import { useMarketplaceOptions } from "../../marketplaces/use-marketplace-options.ts";

interface ShippingSetting {
  "@id": string;
  id: string;
  marketplace: string;
  defaultShippingCost: number;
}

interface Values {
  marketplace: string;
  defaultShippingCost: string;
}

const BLANK: Values = { marketplace: "DE", defaultShippingCost: "" };

function parseAmount(value: string): number | string {
  const normalized = value.trim().replace(",", ".");
  if (normalized === "") return "";
  const n = Number(normalized);
  // Not a number: sent as typed, so the API names the field.
  return Number.isFinite(n) ? n : value;
}

/**
 * The seller profile's shipping cost per unit on each marketplace (own fulfilment, FBM): the
 * default of every product there; a product's own shipping cost (its drawer) overrides it. The
 * list is read through the browser seam, the writes go to the settings action.
 */
export function ShippingSettings({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const marketplaceOptions = useMarketplaceOptions();
  const locale = useLocale();
  const tag = intlLocale(locale);
  const [rows, setRows] = useState<ShippingSetting[] | null>(null);
  const [editing, setEditing] = useState<ShippingSetting | null>(null);
  const write = useRouteWrite();

  const load = useCallback(async () => {
    const page = await browserHydra().collection<ShippingSetting>(
      "/api/shipping_settings",
      { profile: profileId, pagination: false },
      { fresh: true },
    );
    setRows(sortMarketplaces(page.members, (row) => row.marketplace));
  }, [profileId]);
  useEffect(() => {
    void load();
  }, [load]);

  const form = useHydraForm<Values>(
    BLANK,
    (values) => {
      const body = {
        marketplace: values.marketplace,
        defaultShippingCost: parseAmount(values.defaultShippingCost),
      };
      return write("shipping.save", editing ? { iri: editing["@id"] } : {}, body);
    },
    {
      onSaved: () => {
        setEditing(null);
        form.reset(BLANK);
        void load();
      },
    },
  );

  const money = (value: number, marketplace: string) =>
    numberFormat(tag, {
      style: "currency",
      currency: getMarketplace(marketplace)?.currency ?? "EUR",
    }).format(value);

  const { confirm, modal: confirmation } = useConfirm();
  function remove(row: ShippingSetting) {
    confirm({
      title: t("settings.confirmDelete.title"),
      text: t("settings.confirmDelete.shipping", {
        marketplace: t(`marketplaces.${row.marketplace}`),
      }),
      confirmLabel: t("settings.delete"),
      run: async () => {
        if (await deleteWithToast(() => write("shipping.remove", { iri: row["@id"] }), t))
          void load();
      },
    });
  }

  return (
    <Stack gap="lg" data-testid="shipping-settings">
      {confirmation}
      <Text c="dimmed">{t("shipping.description")}</Text>
      <Card withBorder padding="md">
        {rows !== null && rows.length === 0 && <Text c="dimmed">{t("shipping.empty")}</Text>}
        {rows !== null && rows.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("shipping.marketplace")}</Table.Th>
                <Table.Th ta="right">{t("shipping.defaultShippingCost")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="shipping-row"
                  data-marketplace={row.marketplace}
                >
                  <Table.Td>{t(`marketplaces.${row.marketplace}`)}</Table.Td>
                  <Table.Td ta="right">{money(row.defaultShippingCost, row.marketplace)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("shipping.editOf", {
                          marketplace: t(`marketplaces.${row.marketplace}`),
                        })}
                        onClick={() => {
                          setEditing(row);
                          form.reset({
                            marketplace: row.marketplace,
                            defaultShippingCost: String(row.defaultShippingCost),
                          });
                        }}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("shipping.deleteOf", {
                          marketplace: t(`marketplaces.${row.marketplace}`),
                        })}
                        onClick={() => remove(row)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder padding="lg">
        <form onSubmit={form.onSubmit} noValidate data-testid="shipping-form">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {editing ? t("shipping.edit") : t("shipping.add")}
            </Title>
            <Group grow align="flex-start">
              <Select
                label={t("shipping.marketplace")}
                name="marketplace"
                data={marketplaceOptions}
                value={form.values.marketplace}
                onChange={(value) => value && form.set("marketplace", value)}
                error={form.error("marketplace")}
                allowDeselect={false}
                disabled={editing !== null}
                searchable
              />
              <TextInput
                label={t("shipping.defaultShippingCost")}
                name="defaultShippingCost"
                inputMode="decimal"
                value={form.values.defaultShippingCost}
                onChange={(event) => form.set("defaultShippingCost", event.currentTarget.value)}
                error={form.error("defaultShippingCost")}
              />
            </Group>
            <Group justify="flex-end">
              {editing && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    form.reset(BLANK);
                  }}
                >
                  {t("settings.cancel")}
                </Button>
              )}
              <Button type="submit" loading={form.submitting} data-testid="save-shipping">
                {t("settings.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
