import {
  Alert,
  Button,
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { useMarketplaceOptions } from "../../../components/marketplaces/use-marketplace-options.ts";
import { getI18n } from "../../../i18n/i18n.ts";
import { violationsOf } from "../../../lib/api/hydra.ts";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { splitLocale } from "../../../route-table.ts";
import type { Route } from "./+types/route";
import { download } from "./download.ts";
import { formatPreviewCell } from "./format-preview.ts";
import { ImportErrors } from "./ImportErrors.tsx";
import { ImportHistory, useImportSummary } from "./ImportHistory.tsx";
import { loadImportsPage } from "./imports.server.ts";
import type { ImportItem, Mapping, PreviewRow, RowError, Uploaded } from "./types.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadImportsPage(context, request);
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.product-imports.title")} · Starport` }];
}

/** Issue 11 §4: upload → column mapping → preview → run with live progress, errors, history. */
export default function ProductImportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const marketplaceOptions = useMarketplaceOptions({ withCode: true });
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const number = numberFormat(intlLocale(locale));
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [preview, setPreview] = useState<PreviewRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState<ImportItem | null>(null);
  const [errors, setErrors] = useState<{ totalItems: number; member: RowError[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [marketplace, setMarketplace] = useState<string | null>(loaderData.defaultMarketplace);
  const summaryOf = useImportSummary();

  const fail = (error: unknown) => {
    const code = violationsOf(error)[0]?.code || undefined;
    setProblem(t(`productImports.error.${code ?? "unknown"}`, t("productImports.error.unknown")));
  };

  async function upload() {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    setRunning(null);
    setErrors(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const result = await browserHydra().json<Uploaded>(
        `/api/product_imports/upload?sellerProfile=${encodeURIComponent(loaderData.profileIri)}`,
        { method: "POST", body: form },
      );
      setUploaded(result);
      setMapping(result.mapping);
      setPreview(result.preview);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function remap(field: string, column: string | null) {
    if (!uploaded) return;
    const next = { ...mapping };
    for (const [f, index] of Object.entries(next))
      if (f === field || (column !== null && index === Number(column))) delete next[f];
    if (column !== null) next[field] = Number(column);
    setMapping(next);
    try {
      const result = await browserHydra().json<{ rows: PreviewRow[] }>(
        `${uploaded.import}/preview`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ mapping: next }),
        },
      );
      setPreview(result.rows);
      setProblem(null);
    } catch (error) {
      fail(error);
    }
  }

  async function run() {
    if (!uploaded) return;
    setBusy(true);
    try {
      const started = await browserHydra().json<ImportItem>(`${uploaded.import}/run`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mapping }),
      });
      setRunning(started);
      setUploaded(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  /** Import from Amazon: the job fetches the merchant listings report; progress as for a file. */
  async function importFromAmazon() {
    if (!marketplace) return;
    setBusy(true);
    setProblem(null);
    setErrors(null);
    setUploaded(null);
    try {
      const started = await browserHydra().json<ImportItem>("/api/product_imports/amazon", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sellerProfile: loaderData.profileIri, marketplace }),
      });
      setRunning(started);
      revalidate();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  // Live progress: poll the import until it ends, then load its row errors and the history.
  const runningIri = running?.["@id"];
  const finished = running?.status === "completed" || running?.status === "failed";
  useEffect(() => {
    if (!runningIri || finished) return;
    const timer = setInterval(async () => {
      const item = await browserHydra().json<ImportItem>(runningIri);
      setRunning(item);
      if (item.status === "completed" || item.status === "failed") {
        setErrors(await browserHydra().json(`${runningIri}/errors`));
        revalidate();
      }
    }, 500);
    return () => clearInterval(timer);
  }, [runningIri, finished, revalidate]);

  const columnOptions = (uploaded?.headers ?? []).map((h, i) => ({
    value: String(i),
    label: h || `#${i + 1}`,
  }));
  const mappedColumns = new Set(Object.values(mapping));
  const unmapped = (uploaded?.headers ?? []).filter((h, i) => h !== "" && !mappedColumns.has(i));

  return (
    <Stack gap="md" data-testid="page" data-page="product-imports">
      <Group justify="space-between">
        <Title order={1}>{t("pages.product-imports.title")}</Title>
        <Button
          variant="default"
          onClick={() =>
            void download(
              `/api/product_imports/template?lang=${locale}`,
              `starport-product-import-${locale}.csv`,
            )
          }
        >
          {t("productImports.template")}
        </Button>
      </Group>
      <Text c="dimmed">{t("productImports.intro")}</Text>
      <Group align="end">
        <FileInput
          label={t("productImports.file")}
          placeholder={t("productImports.filePlaceholder")}
          accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          data-testid="import-file"
          w={360}
        />
        <Button onClick={() => void upload()} disabled={!file} loading={busy && !uploaded}>
          {t("productImports.upload")}
        </Button>
      </Group>
      <Title order={2} size="h3">
        {t("productImports.amazonTitle")}
      </Title>
      <Text c="dimmed">{t("productImports.amazonIntro")}</Text>
      <Group align="end">
        <Select
          label={t("productImports.amazonMarketplace")}
          data={marketplaceOptions}
          value={marketplace}
          onChange={setMarketplace}
          allowDeselect={false}
          searchable
          w={240}
          data-testid="amazon-marketplace"
        />
        <Button
          variant="light"
          onClick={() => void importFromAmazon()}
          disabled={!marketplace}
          loading={busy && !uploaded}
          data-testid="amazon-import"
        >
          {t("productImports.amazonStart")}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" data-testid="import-problem">
          {problem}
        </Alert>
      )}

      {uploaded && (
        <Stack gap="sm" data-testid="import-mapping">
          <Title order={2} size="h3">
            {t("productImports.mapping")}
          </Title>
          {uploaded.headerRow > 1 && (
            <Text size="sm" data-testid="import-header-row">
              {t("productImports.headerRow", { row: number.format(uploaded.headerRow) })}
            </Text>
          )}
          <Group>
            {uploaded.fields.map((field) => (
              <Select
                key={field}
                label={t(`productImports.field.${field}`)}
                placeholder={t("productImports.notMapped")}
                data={columnOptions}
                value={mapping[field] === undefined ? null : String(mapping[field])}
                onChange={(value) => void remap(field, value)}
                clearable
                w={170}
                data-testid={`map-${field}`}
              />
            ))}
          </Group>
          {unmapped.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="import-unmapped">
              {t("productImports.unmapped", { columns: unmapped.join(", ") })}
            </Text>
          )}
          <Title order={2} size="h3">
            {t("productImports.preview")}
          </Title>
          <Table striped withTableBorder data-testid="import-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("productImports.row")}</Table.Th>
                {(preview[0]?.cells ?? []).map((c) => (
                  <Table.Th key={c.field}>{t(`productImports.field.${c.field}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  {r.cells.map((c) => (
                    <Table.Td
                      key={c.field}
                      c={c.error ? "red" : undefined}
                      data-field={c.field}
                      ta={c.field === "cost" || c.field === "shippingCost" ? "right" : undefined}
                    >
                      {formatPreviewCell(c, locale, t)}
                      {c.error && (
                        <Text size="xs" c="red">
                          {t(`productImports.reason.${c.error}`)}
                        </Text>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button onClick={() => void run()} loading={busy} data-testid="import-run">
              {t("productImports.run")}
            </Button>
          </Group>
        </Stack>
      )}

      {running && (
        <Stack gap="xs" data-testid="import-progress" data-status={running.status}>
          <Text>
            {/* An XLSX without a declared range has its total only when the import ends. */}
            {t(
              running.totalRows === null
                ? "productImports.progressNoTotal"
                : "productImports.progress",
              {
                done: number.format(running.rowsDone),
                total: number.format(running.totalRows ?? 0),
                failed: number.format(running.failed),
              },
            )}
          </Text>
          <Progress
            value={
              running.totalRows === null
                ? 100
                : running.totalRows
                  ? (100 * running.rowsDone) / running.totalRows
                  : 0
            }
            striped={running.totalRows === null && !finished}
            animated={!finished}
          />
          {finished && (
            <Text
              data-testid="import-summary"
              data-created={running.created}
              data-updated={running.updated}
              data-unchanged={running.unchanged}
              data-failed={running.failed}
              data-warnings={running.warnings}
            >
              {summaryOf(running)}
            </Text>
          )}
        </Stack>
      )}

      {errors && errors.totalItems > 0 && running && (
        <ImportErrors errors={errors} running={running} />
      )}

      <ImportHistory history={loaderData.history} />
    </Stack>
  );
}
