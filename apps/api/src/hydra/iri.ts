import type { AnyResource, Ref } from "./resource.ts";

/** IRIs are `/api/<collection>/<uuid>`; this module alone builds and reads them. */

export const API_PREFIX = "/api";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function collectionIri(resource: AnyResource): string {
  return `${API_PREFIX}/${resource.path}`;
}

export function itemIri(resource: AnyResource | string, id: string): string {
  const path = typeof resource === "string" ? resource : resource.path;
  return `${API_PREFIX}/${path}/${id}`;
}

export function refIri(value: Ref): string {
  return itemIri(value.$ref, value.id);
}

/** The id in an IRI of the resource, or null when the string is no such IRI. */
export function idFromIri(resource: AnyResource, iri: string): string | null {
  const prefix = `${collectionIri(resource)}/`;
  if (!iri.startsWith(prefix)) return null;
  const id = iri.slice(prefix.length);
  return isUuid(id) ? id.toLowerCase() : null;
}

/** Accepts an IRI of the resource or a bare id (filters take either). */
export function idFromIriOrId(resource: AnyResource, value: string): string | null {
  if (isUuid(value)) return value.toLowerCase();
  return idFromIri(resource, value);
}

export function isRef(value: unknown): value is Ref {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Ref).$ref === "string" &&
    typeof (value as Ref).id === "string"
  );
}

/** A Host header we may echo into absolute URLs: a name or address with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin a request was made on (`http://127.0.0.1:3000`), for the few absolute URLs JSON-LD
 * needs (the documentation's Link and vocabulary), as API Platform builds them from the request.
 * Empty (so URLs stay relative) when the Host header is missing or malformed.
 */
export function requestOrigin(request: { protocol: string; host: string | undefined }): string {
  const host = request.host;
  if (!host || !HOST.test(host)) return "";
  return `${request.protocol === "https" ? "https" : "http"}://${host}`;
}
