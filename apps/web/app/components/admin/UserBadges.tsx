import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A user's status in the administration: active or deactivated. */
export function StatusBadge({ status }: { status: "active" | "deactivated" }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="light"
      color={status === "active" ? "green" : "red"}
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
    <Group gap={4} wrap="nowrap">
      {roles.map((role) => (
        <Badge
          key={role}
          size="sm"
          variant="outline"
          color={role === "ROLE_ADMIN" ? "grape" : "gray"}
        >
          {t(`adminUsers.role.${role}`, { defaultValue: role })}
        </Badge>
      ))}
    </Group>
  );
}
