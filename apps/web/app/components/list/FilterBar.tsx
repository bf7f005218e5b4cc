import { Button, Group, Paper } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";

/**
 * A list's filter bar; its state lives in the URL (useUrlFilters). The fields typed in (text,
 * days) are applied together by a button: a form whose inputs are filled again when `formKey`
 * (the URL's typed-in values) changes elsewhere (back button, reset). Choices (selects) apply at
 * once. A reset button shows while a filter is set.
 * Test ids: `{testId}-filters`, `{testId}-apply`, `{testId}-reset`.
 */
export function FilterBar({
  testId,
  fields,
  formKey,
  onApply,
  applyLabel,
  choices,
  onReset,
  resetLabel,
}: {
  testId: string;
  /** Named inputs applied by the button: `onApply` reads them from the form. */
  fields?: ReactNode;
  formKey?: string;
  onApply?: (form: FormData) => void;
  applyLabel?: string;
  /** Inputs that apply at once. */
  choices?: ReactNode;
  /** null while no filter is set: no reset button. */
  onReset: (() => void) | null;
  resetLabel: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply?.(new FormData(event.currentTarget));
  };
  const bar = (
    <Group gap="xs" align="flex-end" data-testid={`${testId}-filters`}>
      {/* the choices first (they apply at once), the typed-in fields last, with their button */}
      {choices}
      {fields}
      {onApply ? (
        <Button type="submit" size="xs" data-testid={`${testId}-apply`}>
          {applyLabel}
        </Button>
      ) : null}
      {onReset ? (
        <Button variant="subtle" size="xs" onClick={onReset} data-testid={`${testId}-reset`}>
          {resetLabel}
        </Button>
      ) : null}
    </Group>
  );
  return (
    <Paper withBorder p="sm">
      {onApply ? (
        <form onSubmit={submit} key={formKey}>
          {bar}
        </form>
      ) : (
        bar
      )}
    </Paper>
  );
}
