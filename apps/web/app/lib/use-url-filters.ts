import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/**
 * A list's filters in the URL: `update` sets or clears parameters (null clears) and goes back to
 * the first page unless it sets the page itself; `reset` clears them all.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  };
  const reset = () => setParams(new URLSearchParams());
  return { params, update, reset };
}

/**
 * Filter values typed in but not yet applied (days picked in a filter bar), filled again from the
 * URL when it changes elsewhere (back button, reset).
 */
export function useDraftFilters<Name extends string>(
  inUrl: Record<Name, string | null>,
): [Record<Name, string>, (name: Name, value: string) => void] {
  const fromUrl = () =>
    Object.fromEntries(Object.entries(inUrl).map(([name, value]) => [name, value ?? ""])) as Record<
      Name,
      string
    >;
  const [drafts, setDrafts] = useState(fromUrl);
  const key = JSON.stringify(inUrl);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the URL's values
  useEffect(() => setDrafts(fromUrl()), [key]);
  const setDraft = (name: Name, value: string) =>
    setDrafts((current) => ({ ...current, [name]: value }));
  return [drafts, setDraft];
}
