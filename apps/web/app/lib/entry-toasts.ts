/**
 * Spec §7/§8 toasts: save → entry-saved / entry-could-not-be-saved, delete → entry-deleted /
 * entry-could-not-be-deleted, each shown for 3000 ms (spec §9), translated.
 */
import { notifications } from "@mantine/notifications";
import type { TFunction } from "i18next";

export const TOAST_LIFETIME_MS = 3000;

export type EntryToast =
  | "entry-saved"
  | "entry-could-not-be-saved"
  | "entry-deleted"
  | "entry-could-not-be-deleted";

const MESSAGES = (t: TFunction): Record<EntryToast, string> => ({
  "entry-saved": t("toast.entry-saved"),
  "entry-could-not-be-saved": t("toast.entry-could-not-be-saved"),
  "entry-deleted": t("toast.entry-deleted"),
  "entry-could-not-be-deleted": t("toast.entry-could-not-be-deleted"),
});

export function showEntryToast(kind: EntryToast, t: TFunction): void {
  const success = kind === "entry-saved" || kind === "entry-deleted";
  notifications.show({
    id: `${kind}-${Date.now()}`,
    message: MESSAGES(t)[kind],
    color: success ? "teal" : "red",
    autoClose: TOAST_LIFETIME_MS,
    withCloseButton: true,
    // Tests find the toast by its kind.
    "data-toast": kind,
  });
}

/** Runs a save; toasts the outcome and rethrows nothing: the error is returned for the form. */
export async function saveWithToast<T>(
  save: () => Promise<T>,
  t: TFunction,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    const value = await save();
    showEntryToast("entry-saved", t);
    return { ok: true, value };
  } catch (error) {
    showEntryToast("entry-could-not-be-saved", t);
    return { ok: false, error };
  }
}

export async function deleteWithToast(
  remove: () => Promise<unknown>,
  t: TFunction,
): Promise<boolean> {
  try {
    await remove();
    showEntryToast("entry-deleted", t);
    return true;
  } catch {
    showEntryToast("entry-could-not-be-deleted", t);
    return false;
  }
}
