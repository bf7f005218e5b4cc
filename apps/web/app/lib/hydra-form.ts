/**
 * Spec §5 form helper: a 400/422's violations land on the field at their propertyPath,
 * translated under formValidationError.<code> with the server's message as the fallback.
 */
import type { TFunction } from "i18next";
import { type FormEvent, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { violationsOf } from "./api/hydra.ts";
import { saveWithToast } from "./entry-toasts.ts";

/** propertyPath → translated message (the first violation of each path). */
export function fieldErrors(error: unknown, t: TFunction): Record<string, string> {
  const result: Record<string, string> = {};
  for (const violation of violationsOf(error)) {
    result[violation.propertyPath] ??= violation.code
      ? t(`formValidationError.${violation.code}`, { defaultValue: violation.message })
      : violation.message;
  }
  return result;
}

export interface HydraForm<V> {
  values: V;
  set<K extends keyof V>(key: K, value: V[K]): void;
  reset(values: V): void;
  /** The translated violation on the field at this property path, if any. */
  error(propertyPath: string): string | undefined;
  submitting: boolean;
  onSubmit(event?: FormEvent): Promise<boolean>;
}

export function useHydraForm<V>(
  initial: V,
  submit: (values: V) => Promise<unknown>,
  { onSaved }: { onSaved?: () => void } = {},
): HydraForm<V> {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  async function onSubmit(event?: FormEvent): Promise<boolean> {
    event?.preventDefault();
    setSubmitting(true);
    setErrors({});
    const result = await saveWithToast(() => submit(values), t);
    setSubmitting(false);
    if (result.ok) {
      onSaved?.();
      return true;
    }
    setErrors(fieldErrors(result.error, t));
    return false;
  }

  return {
    values,
    set,
    reset: (next) => {
      setValues(next);
      setErrors({});
    },
    error: (path) => errors[path],
    submitting,
    onSubmit,
  };
}
