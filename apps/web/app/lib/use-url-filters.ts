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
