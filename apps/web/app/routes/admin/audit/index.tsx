/**
 * /admin/audit (administrators only): who did what, as whom, when and from where — sign-ins,
 * failed sign-ins, role changes, deactivations, views as a user and every write made in them.
 * Filters and page live in the URL; the export holds every matching event.
 */
import {
  Badge,
  Box,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/DateField.tsx";
import { ExportMenu } from "../../../components/ExportMenu.tsx";
import { EmailAddress } from "../../../components/list/EmailAddress.tsx";
import { FilterBar } from "../../../components/list/FilterBar.tsx";
import { ListPager } from "../../../components/list/ListPager.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useLocale, useLocalizedPath } from "../../../lib/use-locale.ts";
import { useDraftFilters, useUrlFilters } from "../../../lib/use-url-filters.ts";
import { splitLocale } from "../../../route-table.ts";
import { serverApi } from "../../../session/server-session.ts";
import type { Route } from "./+types/index";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditEvent,
  auditQuery,
  auditState,
} from "./audit.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = auditState(new URL(request.url).searchParams);
  const query = auditQuery(state);
  query.set("page", String(state.page));
  query.set("itemsPerPage", String(AUDIT_PAGE_SIZE));
  const body = await serverApi(context, request).json<{
    "hydra:member": AuditEvent[];
    "hydra:totalItems": number;
  }>(`/api/admin/audit_events?${query}`);
  return { events: body["hydra:member"], total: body["hydra:totalItems"], state };
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.admin-audit.title")} · Starport` }];
}

const ACTION_COLORS: Partial<Record<AuditEvent["action"], string>> = {
  "sign-in-failed": "red",
  deactivated: "red",
  "impersonation-started": "grape",
  "impersonation-ended": "grape",
  write: "orange",
};

/** Requests wrap anywhere (they have few spaces) instead of widening the table. */
const WRAP = { overflowWrap: "anywhere" } as const;

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { update, reset } = useUrlFilters();
  const { events, total, state } = loaderData;
  const filtered = Boolean(state.search || state.action || state.from || state.to);
  const [days, setDay] = useDraftFilters({ from: state.from, to: state.to });

  const apply = (form: FormData) =>
    update({
      search: String(form.get("search") ?? "").trim() || null,
      from: days.from || null,
      to: days.to || null,
    });
  const exportHref = (format: "csv" | "xlsx") => {
    const query = auditQuery(state);
    query.set("format", format);
    query.set("locale", locale);
    return `${localize("/admin/audit/export")}?${query}`;
  };

  return (
    <Stack gap="md" data-testid="page" data-page="admin-audit">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t("pages.admin-audit.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("pages.admin-audit.description")}
          </Text>
        </Stack>
        <ExportMenu hrefOf={exportHref} disabled={total === 0} size="xs" />
      </Group>
      <FilterBar
        testId="audit"
        formKey={`${state.search}|${state.from}|${state.to}`}
        onApply={apply}
        applyLabel={t("adminAudit.filter.apply")}
        fields={
          <>
            <TextInput
              name="search"
              label={t("adminAudit.filter.search")}
              placeholder={t("adminAudit.filter.searchPlaceholder")}
              defaultValue={state.search ?? ""}
              leftSection={<IconSearch size={14} />}
              size="xs"
              w={260}
              data-testid="audit-search"
            />
            {/* days in the page's language (31.12.2026), not the browser's native date input */}
            <Box w={150}>
              <DateField
                label={t("adminAudit.filter.from")}
                value={days.from}
                onChange={(value) => setDay("from", value)}
                data-testid="audit-from"
                size="xs"
              />
            </Box>
            <Box w={150}>
              <DateField
                label={t("adminAudit.filter.to")}
                value={days.to}
                onChange={(value) => setDay("to", value)}
                minDate={days.from || undefined}
                data-testid="audit-to"
                size="xs"
              />
            </Box>
          </>
        }
        choices={
          <Select
            label={t("adminAudit.filter.action")}
            placeholder={t("adminAudit.filter.all")}
            data={AUDIT_ACTIONS.map((value) => ({
              value,
              label: t(`adminAudit.action.${value}`),
            }))}
            value={state.action}
            onChange={(value) => update({ action: value })}
            clearable
            size="xs"
            w={240}
            data-testid="audit-action"
          />
        }
        onReset={filtered ? reset : null}
        resetLabel={t("adminAudit.filter.reset")}
      />
      <Text size="sm" c="dimmed" data-testid="audit-total">
        {t("adminAudit.total", { formatted: numberFormat(intlLocale(locale)).format(total) })}
      </Text>
      {events.length === 0 ? (
        <Paper withBorder p="lg" data-testid="audit-empty">
          <Text ta="center" c="dimmed">
            {filtered ? t("adminAudit.emptyFiltered") : t("adminAudit.empty")}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder>
          {/* A plain scroll box a keyboard can reach: the table holds no link to focus. */}
          <Box
            style={{ overflowX: "auto" }}
            tabIndex={0}
            role="region"
            aria-label={t("pages.admin-audit.title")}
          >
            <Table
              striped
              highlightOnHover
              verticalSpacing={4}
              fz="sm"
              // fixed columns: fits a 1280 px screen (issue 20); long values wrap or are cut
              layout="fixed"
              miw={720}
              data-testid="audit-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="11rem">{t("adminAudit.column.at")}</Table.Th>
                  <Table.Th w="12rem">{t("adminAudit.column.action")}</Table.Th>
                  <Table.Th>{t("adminAudit.column.actor")}</Table.Th>
                  <Table.Th>{t("adminAudit.column.subject")}</Table.Th>
                  <Table.Th>{t("adminAudit.column.what")}</Table.Th>
                  <Table.Th w="8rem">{t("adminAudit.column.ip")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <Table.Tr key={event.id} data-testid="audit-row" data-action={event.action}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {formatDateTime(event.at, locale)}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        size="sm"
                        variant="light"
                        color={ACTION_COLORS[event.action] ?? "gray"}
                        // a long action wraps: cut, "Ansicht als Benutzer begonnen" and
                        // "… beendet" would look alike
                        h="auto"
                        maw="100%"
                        styles={{ label: { whiteSpace: "normal" } }}
                      >
                        {t(`adminAudit.action.${event.action}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <EmailAddress email={event.actor.email} />
                    </Table.Td>
                    <Table.Td>
                      <EmailAddress email={event.subject.email} />
                    </Table.Td>
                    <Table.Td style={WRAP}>
                      {event.method ? (
                        <Text size="xs" ff="monospace">
                          {event.method} {event.resource} → {event.status}
                        </Text>
                      ) : (
                        "–"
                      )}
                    </Table.Td>
                    <Table.Td>
                      {/* an IPv6 address is cut; the whole of it and the browser in the title */}
                      <Text
                        size="xs"
                        ff="monospace"
                        truncate="end"
                        title={[event.ip, event.userAgent].filter(Boolean).join("\n") || undefined}
                      >
                        {event.ip ?? "–"}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Paper>
      )}
      <ListPager total={total} pageSize={AUDIT_PAGE_SIZE} page={state.page} />
    </Stack>
  );
}
