import type { AnyResource } from "./resource.ts";

/** Every resource the API serves; routes, documentation and the isolation tests iterate it. */
export interface Registry {
  resources: readonly AnyResource[];
  byPath: ReadonlyMap<string, AnyResource>;
}

export function createRegistry(resources: readonly AnyResource[]): Registry {
  const byPath = new Map<string, AnyResource>();
  for (const resource of resources) {
    if (byPath.has(resource.path))
      throw new Error(`resource path "${resource.path}" declared twice`);
    byPath.set(resource.path, resource);
  }
  return { resources, byPath };
}
