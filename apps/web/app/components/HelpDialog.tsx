import { Modal } from "@mantine/core";
import type { ReactNode } from "react";

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
 * by a click outside (a dismissal). The content closes it with data through `close`.
 */
export function HelpDialog<T>({
  opened,
  onClosed,
  options = HELP_DIALOG_OPTIONS,
  children,
}: {
  opened: boolean;
  onClosed: (result: DialogResult<T>) => void;
  options?: DialogOptions;
  children: (close: (data: T) => void) => ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => onClosed({ type: "dismiss" })}
      title={options.header}
      withOverlay={options.modal}
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
      {children((data) => onClosed({ type: "close", data }))}
    </Modal>
  );
}
