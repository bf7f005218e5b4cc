import { Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** Read-only settings of an entity, as label/value pairs in one dense row. */
export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="facts">
      <Group gap="xl" wrap="wrap">
        {items.map((item) => (
          <Stack gap={0} key={item.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {item.label}
            </Text>
            <Text size="sm" component="div">
              {item.value}
            </Text>
          </Stack>
        ))}
      </Group>
    </Paper>
  );
}
