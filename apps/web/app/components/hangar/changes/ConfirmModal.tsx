import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A destructive step asks first (archive, discard the tray). */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={400}>
      <Stack gap="md" data-testid="confirm-modal">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("changes.cancel")}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-testid="confirm-button">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
