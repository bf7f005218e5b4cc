import { Modal } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Spec §3 dialog options. */
export interface DialogOptions {
  header: string;
  modal: boolean;
  draggable: boolean;
  blockScroll: boolean;
  dismissableMask: boolean;
}

/** Spec §1: the product's own help dialog. */
export const HELP_DIALOG_OPTIONS: DialogOptions = {
  header: " ",
  modal: true,
  draggable: false,
  blockScroll: true,
  dismissableMask: true,
};

/** How a dialog closed: programmatically with data, or dismissed by the user. */
export type DialogResult<T> = { type: "close"; data: T } | { type: "dismiss" };

/**
 * A dialog with the spec's options: a modal with the given header, page scroll blocked, closed
 * by a click outside (a dismissal). The content closes it with data through `close`. The header
 * may be blank (the help dialog's is a single space), so `label` names the dialog for assistive
 * technology.
 */
export function HelpDialog<T>({
  opened,
  onClosed,
  label,
  options = HELP_DIALOG_OPTIONS,
  children,
}: {
  opened: boolean;
  onClosed: (result: DialogResult<T>) => void;
  label: string;
  options?: DialogOptions;
  children: (close: (data: T) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal.Root
      opened={opened}
      onClose={() => onClosed({ type: "dismiss" })}
      trapFocus={options.modal}
      lockScroll={options.blockScroll}
      closeOnClickOutside={options.dismissableMask}
      centered
      size="lg"
      data-testid="help-dialog"
      data-modal={options.modal}
      data-draggable={options.draggable}
      data-block-scroll={options.blockScroll}
      data-dismissable-mask={options.dismissableMask}
    >
      {options.modal ? <Modal.Overlay /> : null}
      <Modal.Content aria-label={label}>
        <Modal.Header>
          <Modal.Title>{options.header}</Modal.Title>
          <Modal.CloseButton aria-label={t("dialog.close")} />
        </Modal.Header>
        <Modal.Body>{children((data) => onClosed({ type: "close", data }))}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
