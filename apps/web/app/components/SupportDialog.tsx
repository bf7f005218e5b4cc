import type { SupportWidget } from "@starport/config";
import { type DialogResult, HelpDialog } from "./HelpDialog.tsx";
import { SupportForm, type SupportRequestSent } from "./SupportForm.tsx";

/** The help badge's support form in the help dialog (loaded lazily by HelpBadge). */
export default function SupportDialog({
  opened,
  onClosed,
  label,
  widget,
}: {
  opened: boolean;
  onClosed: (result: DialogResult<SupportRequestSent>) => void;
  label: string;
  widget: SupportWidget | null;
}) {
  return (
    <HelpDialog<SupportRequestSent> opened={opened} onClosed={onClosed} label={label}>
      {(close) => <SupportForm widget={widget} onSent={close} />}
    </HelpDialog>
  );
}
