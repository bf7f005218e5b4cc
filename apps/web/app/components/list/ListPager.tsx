import { Group, Pagination } from "@mantine/core";
import { useUrlFilters } from "../../lib/use-url-filters.ts";

/** A list's pages, the page in the URL (`page`); nothing when everything fits on one. */
export function ListPager({
  total,
  pageSize,
  page,
}: {
  total: number;
  pageSize: number;
  page: number;
}) {
  const { update } = useUrlFilters();
  if (total <= pageSize) return null;
  return (
    <Group justify="center">
      <Pagination
        total={Math.ceil(total / pageSize)}
        value={page}
        onChange={(value) => update({ page: String(value) })}
        size="sm"
      />
    </Group>
  );
}
