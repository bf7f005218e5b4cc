import { type Database, SYNCED_ENTITIES, type SyncedEntityName, schema } from "@starport/db";
import { upsertRows } from "@starport/sync";
import { and, eq, inArray } from "drizzle-orm";
import {
  type AdvertisingProfile,
  type AmazonAccess,
  adsClientFor,
  amazonErrorOf,
  type EntityResource,
  resourceOf,
  specOf,
} from "./amazon-access.ts";
import { tableOf } from "./fields.ts";
import { markRecommendationsApplied } from "./mark-recommendations-applied.ts";
import type { ChangeRow } from "./tray.ts";
import { inUuids } from "./uuid-list.ts";

/**
 * Creations (issue 10 §7): a `create` change carries the Amazon v3 create item of the new entity
 * (without the ids of its parents) and, when its parent is created in the same batch, the parent's
 * change (`parent_change_id`): the apply job sends parents first and fills their Amazon ids in.
 * Before creating, each entity is looked up on Amazon by its natural key (campaign name; ad group
 * name in its campaign; SKU, keyword text + match type, expression, in their ad group): an entity
 * that is already there (an earlier attempt whose answer was lost) is taken, never created twice.
 */

/** Parents before children: campaign → ad group → ads, keywords, targets → negatives. */
export const CREATION_ORDER = [
  "campaigns",
  "ad_groups",
  "product_ads",
  "keywords",
  "targets",
  "negative_keywords",
  "negative_targets",
] as const;

type Item = Record<string, unknown>;
const c = schema.changes;

/** The level of a negative: under a campaign (campaign-level) or an ad group. */
function levelOf(item: Item, entityType: string): "campaign" | "adGroup" | null {
  if (entityType !== "negative_keywords" && entityType !== "negative_targets") return null;
  return item.adGroupId ? "adGroup" : "campaign";
}

/** What makes an entity the same one on Amazon (within its parent). */
function naturalKey(entityType: string, item: Item): string {
  switch (entityType) {
    case "campaigns":
    case "ad_groups":
      return String(item.name ?? "").toLowerCase();
    case "product_ads":
      return String(item.sku ?? item.asin ?? "").toLowerCase();
    case "keywords":
    case "negative_keywords":
      return `${String(item.keywordText ?? "").toLowerCase()}|${String(item.matchType ?? "")}`;
    default:
      return JSON.stringify(
        ((item.expression as Item[] | undefined) ?? []).map((p) => [
          String(p.type),
          String(p.value ?? "").toLowerCase(),
        ]),
      );
  }
}

/** Where a child's parent ids come from: its parent change (created first) or the payload. */
async function withParentIds(db: Database, chunk: ChangeRow[]): Promise<Map<string, Item>> {
  const parentIds = [...new Set(chunk.map((ch) => ch.parentChangeId).filter((x) => x !== null))];
  const parents = parentIds.length ? await db.select().from(c).where(inUuids(c.id, parentIds)) : [];
  const grandIds = [...new Set(parents.map((p) => p.parentChangeId).filter((x) => x !== null))];
  const grands = grandIds.length ? await db.select().from(c).where(inUuids(c.id, grandIds)) : [];
  const byId = new Map([...parents, ...grands].map((p) => [p.id, p]));
  const items = new Map<string, Item>();
  for (const change of chunk) {
    const item: Item = { state: "ENABLED", ...((change.newValue as Item | null) ?? {}) };
    const parent = change.parentChangeId ? byId.get(change.parentChangeId) : undefined;
    if (parent?.entityType === "campaigns") item.campaignId = parent.amazonId;
    if (parent?.entityType === "ad_groups") {
      item.adGroupId = parent.amazonId;
      const grand = parent.parentChangeId ? byId.get(parent.parentChangeId) : undefined;
      item.campaignId =
        grand?.amazonId ?? (parent.newValue as Item | null)?.campaignId ?? item.campaignId;
    }
    items.set(change.id, item);
  }
  return items;
}

/** The entities already on Amazon under these parents, by natural key. */
async function existingOnAmazon(
  resource: EntityResource,
  profile: AdvertisingProfile,
  entityType: string,
  items: Item[],
): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  if (!items.length) return found;
  let filter: Item;
  if (entityType === "campaigns") {
    filter = {
      nameFilter: {
        queryTermMatchType: "EXACT_MATCH",
        include: [...new Set(items.map((i) => String(i.name)))],
      },
    };
  } else if (entityType === "ad_groups" || items.some((i) => !i.adGroupId)) {
    filter = {
      campaignIdFilter: { include: [...new Set(items.map((i) => String(i.campaignId)))] },
    };
  } else {
    filter = { adGroupIdFilter: { include: [...new Set(items.map((i) => String(i.adGroupId)))] } };
  }
  const listed = await resource.listAll(profile.amazonProfileId, {
    ...filter,
    stateFilter: { include: ["ENABLED", "PAUSED"] },
  });
  for (const entity of listed) {
    const parent = String(entity.adGroupId ?? entity.campaignId ?? "");
    found.set(`${parent}|${naturalKey(entityType, entity)}`, entity);
  }
  return found;
}

const parentKey = (entityType: string, item: Item) =>
  entityType === "campaigns" ? "" : String(item.adGroupId ?? item.campaignId ?? "");

/** Stores the created entities as synced rows and links each change to its row. */
async function recordCreated(
  db: Database,
  entityType: string,
  level: string | null,
  profile: AdvertisingProfile,
  created: { changeId: string; amazonId: string; entity: Item | undefined }[],
): Promise<void> {
  if (!created.length) return;
  const spec = specOf(entityType, level);
  const entities = created.filter((x) => x.entity).map((x) => x.entity as Item);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (entities.length)
      await upsertRows(
        t,
        spec.upsert,
        entities.map((e) => spec.toRow(e, profile.id)),
      );
    const entity = SYNCED_ENTITIES[entityType as SyncedEntityName];
    const table = tableOf(entityType) as typeof schema.keywords;
    const amazonIdColumn = entity.amazonIdColumn as unknown as typeof table.amazonKeywordId;
    const rows = await t
      .select({ id: table.id, amazonId: amazonIdColumn })
      .from(table)
      .where(
        and(
          eq(table.advertisingProfileId, profile.id),
          inArray(
            amazonIdColumn,
            created.map((x) => x.amazonId),
          ),
        ),
      );
    const rowOf = new Map(rows.map((r) => [String(r.amazonId), r.id]));
    const now = new Date();
    for (const x of created)
      await t
        .update(c)
        .set({
          status: "applied",
          amazonId: x.amazonId,
          entityId: rowOf.get(x.amazonId) ?? null,
          errorCode: null,
          errorMessage: null,
          appliedAt: now,
          updatedAt: now,
        })
        .where(eq(c.id, x.changeId));
    await markRecommendationsApplied(
      t,
      created.map((x) => x.changeId),
    );
  });
}

async function profileOf(db: Database, id: string): Promise<AdvertisingProfile> {
  const [profile] = await db
    .select()
    .from(schema.advertisingProfiles)
    .where(eq(schema.advertisingProfiles.id, id));
  if (!profile) throw new Error(`advertising profile ${id} no longer exists`);
  return profile;
}

/**
 * Takes what already exists on Amazon for these creations (marks them applied); answers the
 * changes still to be created with their items.
 */
async function takeExisting(
  db: Database,
  access: AmazonAccess,
  changes: ChangeRow[],
): Promise<{ profile: AdvertisingProfile; rest: { change: ChangeRow; item: Item }[] }[]> {
  const out: { profile: AdvertisingProfile; rest: { change: ChangeRow; item: Item }[] }[] = [];
  if (!changes.length) return out;
  const first = changes[0]!;
  const profile = await profileOf(db, first.advertisingProfileId);
  const ads = await adsClientFor(db, access, profile);
  const items = await withParentIds(db, changes);
  const byLevel = new Map<string | null, ChangeRow[]>();
  for (const ch of changes) {
    const level = levelOf(items.get(ch.id)!, ch.entityType);
    byLevel.set(level, [...(byLevel.get(level) ?? []), ch]);
  }
  for (const [level, group] of byLevel) {
    const resource = resourceOf(ads, specOf(first.entityType, level));
    const groupItems = group.map((ch) => items.get(ch.id)!);
    const existing = await existingOnAmazon(resource, profile, first.entityType, groupItems);
    const found: { changeId: string; amazonId: string; entity: Item | undefined }[] = [];
    const rest: { change: ChangeRow; item: Item }[] = [];
    const idField = SYNCED_ENTITIES[first.entityType as SyncedEntityName].amazonIdField;
    for (const ch of group) {
      const item = items.get(ch.id)!;
      const hit = existing.get(
        `${parentKey(first.entityType, item)}|${naturalKey(first.entityType, item)}`,
      );
      if (hit) found.push({ changeId: ch.id, amazonId: String(hit[idField]), entity: hit });
      else rest.push({ change: ch, item });
    }
    await setAutoTargetBids(resource, profile, first.entityType, found, items);
    await recordCreated(db, first.entityType, level, profile, found);
    out.push({ profile, rest });
  }
  return out;
}

/**
 * Amazon makes an automatic campaign's four targeting groups with its ad group, at the default
 * bid; the wizard's bid per group is then an update of what was found. Amazon's answer replaces
 * the found entity, so the synced row shows the bid Amazon accepted.
 */
async function setAutoTargetBids(
  resource: ReturnType<typeof resourceOf>,
  profile: AdvertisingProfile,
  entityType: string,
  found: { changeId: string; amazonId: string; entity: Item | undefined }[],
  items: Map<string, Item>,
): Promise<void> {
  if (entityType !== "targets") return;
  const wanted = found.flatMap((f) => {
    const item = items.get(f.changeId);
    const bid = item?.bid;
    if (item?.expressionType !== "AUTO" || typeof bid !== "number") return [];
    if (f.entity && Number(f.entity.bid) === bid) return [];
    return [{ f, bid }];
  });
  if (!wanted.length) return;
  const answer = await resource.update(
    profile.amazonProfileId,
    wanted.map(({ f, bid }) => ({ targetId: f.amazonId, bid })),
    { returnRepresentation: true },
  );
  for (const s of answer.success) {
    const w = wanted[s.index];
    if (w && s.entity) w.f.entity = s.entity as Item;
  }
}

/** One chunk of creations (one profile, one entity type, parents already created). */
export async function applyCreations(
  db: Database,
  access: AmazonAccess,
  chunk: ChangeRow[],
): Promise<void> {
  const entityType = chunk[0]!.entityType;
  for (const { profile, rest } of await takeExisting(db, access, chunk)) {
    if (!rest.length) continue;
    const ads = await adsClientFor(db, access, profile);
    const level = levelOf(rest[0]!.item, entityType);
    const resource = resourceOf(ads, specOf(entityType, level));
    const answer = await resource.create(
      profile.amazonProfileId,
      rest.map((r) => r.item),
      { returnRepresentation: true },
    );
    const created = answer.success.flatMap((s) => {
      const r = rest[s.index];
      return r
        ? [{ changeId: r.change.id, amazonId: s.id, entity: s.entity as Item | undefined }]
        : [];
    });
    await recordCreated(db, entityType, level, profile, created);
    for (const e of answer.error) {
      const r = rest[e.index];
      if (!r) continue;
      const { code, message } = amazonErrorOf(e.errors);
      await db
        .update(c)
        .set({ status: "failed", errorCode: code, errorMessage: message, updatedAt: new Date() })
        .where(eq(c.id, r.change.id));
    }
  }
}

/**
 * Creations a dead run (or a lost answer) left open: whatever Amazon already has is taken; the
 * rest stays to be created again.
 */
export async function recoverCreations(
  db: Database,
  access: AmazonAccess,
  stale: ChangeRow[],
): Promise<void> {
  const groups = new Map<string, ChangeRow[]>();
  for (const s of stale) {
    const key = `${s.advertisingProfileId}|${s.entityType}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const group of groups.values()) {
    const { rest } = (await takeExisting(db, access, group)).reduce(
      (all, g) => ({ rest: [...all.rest, ...g.rest] }),
      { rest: [] as { change: ChangeRow }[] },
    );
    if (rest.length)
      await db
        .update(c)
        .set({ status: "pending", updatedAt: new Date() })
        .where(
          and(
            inUuids(
              c.id,
              rest.map((r) => r.change.id),
            ),
            eq(c.status, "applying"),
          ),
        );
  }
}
