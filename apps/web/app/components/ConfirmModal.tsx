import { Button, Group, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./LazyOverlays.tsx";

/** A destructive step asks first (archive, discard the tray, delete a setting). */
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

interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
  /** Runs once confirmed; the dialog stays open (busy) until it settles. */
  run: () => Promise<unknown>;
}

/**
 * A confirmation to ask before a destructive step: `confirm({...})` opens the dialog, `modal` is
 * rendered once by the screen.
 */
export function useConfirm(): { confirm: (c: Confirmation) => void; modal: ReactNode } {
  const [pending, setPending] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const modal = (
    <ConfirmModal
      opened={pending !== null}
      title={pending?.title ?? ""}
      text={pending?.text ?? ""}
      confirmLabel={pending?.confirmLabel ?? ""}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        if (!pending) return;
        setBusy(true);
        void pending.run().finally(() => {
          setBusy(false);
          setPending(null);
        });
      }}
    />
  );
  return { confirm: setPending, modal };
}
