/**
 * /admin/users (administrators only): every customer's users, searched, filtered, sorted and
 * paged, all of it in the URL. A row opens the user's page. Reads only.
 */
import {
  Anchor,
  Box,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RoleBadges, StatusBadge } from "../../../components/admin/UserBadges.tsx";
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
import { loadUsers } from "./users.server.ts";
import {
  USER_DAY_FILTERS,
  USER_FILTERS,
  USER_ROLES,
  USER_STATUSES,
  type UserDayFilter,
  type UserSort,
  userListQuery,
} from "./users.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsers(serverApi(context, request), new URL(request.url).searchParams);
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.admin-users.title")} · Starport` }];
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { params, update, reset } = useUrlFilters();
  const { users, total, state, pageSize } = loaderData;
  const filtered = USER_FILTERS.some((name) => params.get(name));
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "–");
  const [days, setDay] = useDraftFilters<UserDayFilter>({
    createdFrom: state.createdFrom,
    createdTo: state.createdTo,
    signedInFrom: state.signedInFrom,
    signedInTo: state.signedInTo,
  });

  const apply = (form: FormData) =>
    update({
      search: String(form.get("search") ?? "").trim() || null,
      customer: String(form.get("customer") ?? "").trim() || null,
      ...Object.fromEntries(USER_DAY_FILTERS.map((name) => [name, days[name] || null])),
    });
  const exportHref = (format: "csv" | "xlsx") => {
    const query = userListQuery(state);
    query.set("format", format);
    query.set("locale", locale);
    return `${localize("/admin/users/export")}?${query}`;
  };
  const dayField = (name: UserDayFilter, minDate?: string) => (
    <Box w={150} key={name}>
      <DateField
        label={t(`adminUsers.filter.${name}`)}
        value={days[name]}
        onChange={(value) => setDay(name, value)}
        minDate={minDate || undefined}
        data-testid={`users-filter-${name}`}
        size="xs"
      />
    </Box>
  );
  const sortBy = (column: UserSort) =>
    update({
      sort: column,
      direction: state.sort === column && state.direction === "asc" ? "desc" : "asc",
    });
  const header = (column: UserSort) => {
    const active = state.sort === column;
    const Icon = !active
      ? IconSelector
      : state.direction === "asc"
        ? IconChevronUp
        : IconChevronDown;
    return (
      <Table.Th
        aria-sort={active ? (state.direction === "asc" ? "ascending" : "descending") : "none"}
      >
        <UnstyledButton onClick={() => sortBy(column)} data-testid={`users-sort-${column}`}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600}>
              {t(`adminUsers.column.${column}`)}
            </Text>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack gap="md" data-testid="page" data-page="admin-users">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t("pages.admin-users.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("pages.admin-users.description")}
          </Text>
        </Stack>
        <ExportMenu hrefOf={exportHref} disabled={total === 0} size="xs" />
      </Group>
      <FilterBar
        testId="users"
        formKey={`${state.search}|${state.customer}`}
        onApply={apply}
        applyLabel={t("adminUsers.filter.apply")}
        fields={
          <>
            <TextInput
              name="search"
              label={t("adminUsers.filter.search")}
              placeholder={t("adminUsers.filter.searchPlaceholder")}
              defaultValue={state.search ?? ""}
              leftSection={<IconSearch size={14} />}
              size="xs"
              w={260}
              data-testid="users-search"
            />
            <TextInput
              name="customer"
              label={t("adminUsers.filter.customer")}
              defaultValue={state.customer ?? ""}
              size="xs"
              w={190}
              data-testid="users-filter-customer"
            />
            {/* days in the page's language (31.12.2026), not the browser's native date input */}
            {dayField("createdFrom")}
            {dayField("createdTo", days.createdFrom)}
            {dayField("signedInFrom")}
            {dayField("signedInTo", days.signedInFrom)}
          </>
        }
        choices={
          <>
            <Select
              label={t("adminUsers.filter.role")}
              placeholder={t("adminUsers.filter.all")}
              data={USER_ROLES.map((value) => ({ value, label: t(`adminUsers.role.${value}`) }))}
              value={state.role}
              onChange={(value) => update({ role: value })}
              clearable
              size="xs"
              w={170}
              data-testid="users-filter-role"
            />
            <Select
              label={t("adminUsers.filter.status")}
              placeholder={t("adminUsers.filter.all")}
              data={USER_STATUSES.map((value) => ({
                value,
                label: t(`adminUsers.status.${value}`),
              }))}
              value={state.status}
              onChange={(value) => update({ status: value })}
              clearable
              size="xs"
              w={170}
              data-testid="users-filter-status"
            />
          </>
        }
        onReset={filtered ? reset : null}
        resetLabel={t("adminUsers.filter.reset")}
      />
      <Text size="sm" c="dimmed" data-testid="users-total">
        {t("adminUsers.total", { formatted: numberFormat(intlLocale(locale)).format(total) })}
      </Text>
      {users.length === 0 ? (
        <Paper withBorder p="lg" data-testid="users-empty">
          <Text ta="center" c="dimmed">
            {filtered ? t("adminUsers.emptyFiltered") : t("adminUsers.empty")}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={880}>
            <Table striped highlightOnHover data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  {header("name")}
                  {header("email")}
                  {header("customer")}
                  <Table.Th>{t("adminUsers.column.roles")}</Table.Th>
                  {header("createdAt")}
                  {header("lastSignInAt")}
                  {header("status")}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((user) => (
                  <Table.Tr key={user.id} data-testid="user-row" data-email={user.email}>
                    <Table.Td>
                      <Anchor component={Link} to={localize(`/admin/users/${user.id}`)} size="sm">
                        {user.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <EmailAddress email={user.email} />
                    </Table.Td>
                    <Table.Td>{user.customer.name}</Table.Td>
                    <Table.Td>
                      <RoleBadges roles={user.roles} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{when(user.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{when(user.lastSignInAt)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={user.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ListPager total={total} pageSize={pageSize} page={state.page} />
    </Stack>
  );
}
