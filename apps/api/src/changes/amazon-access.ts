import type { AdsClient, Amazon } from "@starport/amazon";
import type { Database, SyncedEntityName, schema } from "@starport/db";
import { ENTITY_SPECS, type EntitySpec, type TokenCipher } from "@starport/sync";
import { adsForProfile } from "../amazon/ads-for-profile.ts";

/** What the apply job needs to talk to Amazon for a seller. */
export interface AmazonAccess {
  amazon: Amazon;
  cipher: TokenCipher;
}

export type AdvertisingProfile = typeof schema.advertisingProfiles.$inferSelect;

/** The Ads client of an advertising profile, through its seller's stored refresh token. */
export async function adsClientFor(
  db: Database,
  access: AmazonAccess,
  profile: AdvertisingProfile,
): Promise<AdsClient> {
  return adsForProfile(db, access, profile);
}

/** The v3 entity resource of a synced entity (campaign- or ad-group-level for negatives). */
export interface EntityResource {
  update(
    profileId: string,
    items: unknown[],
    options: { returnRepresentation?: boolean },
  ): Promise<MultiStatus>;
  create(
    profileId: string,
    items: unknown[],
    options: { returnRepresentation?: boolean },
  ): Promise<MultiStatus>;
  delete(profileId: string, ids: string[]): Promise<MultiStatus>;
  listAll(profileId: string, filter?: object): Promise<Record<string, unknown>[]>;
}

export interface MultiStatus {
  success: { index: number; id: string; entity?: unknown }[];
  error: { index: number; errors: unknown[] }[];
}

export function specOf(entityType: string, level?: string | null): EntitySpec {
  const spec = ENTITY_SPECS.find(
    (s) =>
      s.entity.name === (entityType as SyncedEntityName) &&
      (!s.source.level || !level || s.source.level === level),
  );
  if (!spec) throw new Error(`${entityType} is not synced`);
  return spec;
}

export function resourceOf(ads: AdsClient, spec: EntitySpec): EntityResource {
  return spec.resource(ads) as unknown as EntityResource;
}

/** Amazon's first error of a 207 error item: its reason code and message. */
export function amazonErrorOf(errors: unknown[]): { code: string; message: string } {
  const first = errors[0] as
    | { errorType?: string; errorValue?: Record<string, { reason?: string; message?: string }> }
    | undefined;
  const detail = Object.values(first?.errorValue ?? {})[0];
  return {
    code: detail?.reason ?? first?.errorType ?? "AMAZON_ERROR",
    message: detail?.message ?? JSON.stringify(first ?? {}),
  };
}
