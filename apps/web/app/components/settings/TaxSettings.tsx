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
import { sortMarketplaces } from "@starport/marketplaces";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/dates.ts";
import { deleteWithToast } from "../../lib/entry-toasts.ts";
import { useHydraForm } from "../../lib/hydra-form.ts";
import { numberFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";
import { useRouteWrite } from "../../lib/route-write.ts";
import { useConfirm } from "../ConfirmModal.tsx";
import { DateField } from "../DateField.tsx";
import { useMarketplaceOptions } from "../marketplaces/use-marketplace-options.ts";
import type { Tax } from "./types.ts";

interface TaxValues {
  marketplace: string;
  rate: string;
  type: "standard" | "reduced";
  validFrom: string;
}

const BLANK: TaxValues = { marketplace: "DE", rate: "", type: "standard", validFrom: "" };

function parseRate(value: string): number | string {
  const normalized = value.trim().replace(",", ".");
  if (normalized === "") return "";
  const n = Number(normalized);
  // Not a number: sent as typed, so the API names the field.
  return Number.isFinite(n) ? n : value;
}

/** Taxes grouped by marketplace (spec §3), with add, edit and delete (the settings action). */
export function TaxSettings({ taxes, onChanged }: { taxes: readonly Tax[]; onChanged(): void }) {
  const { t, i18n } = useTranslation();
  const marketplaceOptions = useMarketplaceOptions();
  const percent = numberFormat(intlLocale(i18n.language), {
    style: "percent",
    maximumFractionDigits: 2,
  });
  const [editing, setEditing] = useState<Tax | null>(null);
  const write = useRouteWrite();
  const form = useHydraForm<TaxValues>(
    BLANK,
    (values) => {
      const body = {
        marketplace: values.marketplace,
        rate: parseRate(values.rate),
        type: values.type,
        validFrom: values.validFrom,
      };
      return write("tax.save", editing ? { iri: editing["@id"] } : {}, body);
    },
    {
      onSaved: () => {
        setEditing(null);
        form.reset(BLANK);
        onChanged();
      },
    },
  );
  const groups = sortMarketplaces(
    [...new Set(taxes.map((tax) => tax.marketplace))].map((code) => ({ code })),
    (group) => group.code,
  );

  function edit(tax: Tax) {
    setEditing(tax);
    form.reset({
      marketplace: tax.marketplace,
      rate: String(tax.rate),
      type: tax.type,
      validFrom: tax.validFrom,
    });
  }

  const { confirm, modal: confirmation } = useConfirm();
  function remove(tax: Tax) {
    confirm({
      title: t("settings.confirmDelete.title"),
      text: t("settings.confirmDelete.tax", {
        rate: percent.format(Number(tax.rate) / 100),
        marketplace: t(`marketplaces.${tax.marketplace}`),
        from: formatDay(tax.validFrom, i18n.language),
      }),
      confirmLabel: t("settings.delete"),
      run: async () => {
        if (await deleteWithToast(() => write("tax.remove", { iri: tax["@id"] }), t)) onChanged();
      },
    });
  }

  return (
    <Stack gap="lg">
      {confirmation}
      {groups.length === 0 && <Text c="dimmed">{t("settings.taxes.empty")}</Text>}
      {groups.map(({ code }) => (
        <Card key={code} withBorder padding="md" data-testid="tax-group" data-marketplace={code}>
          <Title order={3} size="h5" mb="xs">
            {t(`marketplaces.${code}`)}
          </Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("settings.taxes.rate")}</Table.Th>
                <Table.Th>{t("settings.taxes.type")}</Table.Th>
                <Table.Th>{t("settings.taxes.validFrom")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {taxes
                .filter((tax) => tax.marketplace === code)
                .map((tax) => (
                  <Table.Tr key={tax.id} data-testid="tax-row">
                    <Table.Td>{percent.format(Number(tax.rate) / 100)}</Table.Td>
                    <Table.Td>{t(`settings.taxes.types.${tax.type}`)}</Table.Td>
                    <Table.Td>{formatDay(tax.validFrom, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t("settings.edit")}
                          onClick={() => edit(tax)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("settings.delete")}
                          onClick={() => remove(tax)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}

      <Card withBorder padding="lg">
        <form onSubmit={form.onSubmit} noValidate data-testid="tax-form">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {editing ? t("settings.taxes.edit") : t("settings.taxes.add")}
            </Title>
            <Group grow align="flex-start">
              <Select
                label={t("settings.taxes.marketplace")}
                name="marketplace"
                data={marketplaceOptions}
                value={form.values.marketplace}
                onChange={(value) => value && form.set("marketplace", value)}
                error={form.error("marketplace")}
                allowDeselect={false}
                searchable
              />
              <TextInput
                label={t("settings.taxes.rate")}
                name="rate"
                inputMode="decimal"
                value={form.values.rate}
                onChange={(event) => form.set("rate", event.currentTarget.value)}
                error={form.error("rate")}
              />
              <Select
                label={t("settings.taxes.type")}
                name="type"
                data={[
                  { value: "standard", label: t("settings.taxes.types.standard") },
                  { value: "reduced", label: t("settings.taxes.types.reduced") },
                ]}
                value={form.values.type}
                onChange={(value) => value && form.set("type", value as TaxValues["type"])}
                error={form.error("type")}
                allowDeselect={false}
              />
              <DateField
                label={t("settings.taxes.validFrom")}
                name="validFrom"
                value={form.values.validFrom}
                onChange={(value) => form.set("validFrom", value)}
                error={form.error("validFrom")}
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
              <Button type="submit" loading={form.submitting} data-testid="save-tax">
                {t("settings.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
