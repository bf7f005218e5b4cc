import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A badge in a table cell shows its whole label: the table grows or scrolls instead. */
const FULL_LABEL = { label: { overflow: "visible", textOverflow: "clip" } } as const;

/** A user's status in the administration: active or deactivated. */
export function StatusBadge({ status }: { status: "active" | "deactivated" }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      // Outlined in a dark shade: a light badge's text misses the 4.5:1 contrast at this size (axe).
      variant="outline"
      color={status === "active" ? "dark" : "red.9"}
      style={{ flexShrink: 0 }}
      styles={FULL_LABEL}
      data-testid="user-status"
    >
      {t(`adminUsers.status.${status}`)}
    </Badge>
  );
}

/** A user's roles, the administrator role stands out. */
export function RoleBadges({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge
          key={role}
          size="sm"
          variant="outline"
          color={role === "ROLE_ADMIN" ? "grape" : "gray"}
          style={{ flexShrink: 0 }}
          styles={FULL_LABEL}
        >
          {t(`adminUsers.role.${role}`, { defaultValue: role })}
        </Badge>
      ))}
    </Group>
  );
}
