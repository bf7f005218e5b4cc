import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/** Access tokens revoked before they expire (sign-out). Rows past expiresAt can be purged. */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    tokenId: uuid("token_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason").notNull().default("sign-out"),
  },
  (table) => [index("revoked_tokens_expires_at").on(table.expiresAt)],
);

/**
 * A sign-in session: lives as long as the token cookie (7 days, renewed with each refresh) and
 * lets /api/refresh-token renew a short access token even after it expired. Revoked on sign-out
 * and on a password change (the user's other sessions).
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokeReason: text("revoke_reason"),
    /**
     * The administrator viewing Starport as this session's user (impersonation): the session is
     * theirs, lasts 60 minutes and is never extended; its tokens carry them as the actor.
     */
    impersonatorId: uuid("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [
    index("user_sessions_user").on(table.userId),
    index("user_sessions_expires_at").on(table.expiresAt),
  ],
);

/**
 * Who did what, as whom, when and from where. `actorUserId` is who acted (the administrator while
 * impersonating), `subjectUserId` whom it concerned or whose session it ran in. No cascade from
 * users: the trail outlives the accounts it names (their email is kept beside the id). Kept 365
 * days (the API's nightly housekeeping purges older events).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: events of the same instant keep the order they happened in. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** One of the API's AUDIT_ACTIONS (sign-in, role-granted, write …). */
    action: text("action").notNull(),
    actorUserId: uuid("actor_user_id"),
    actorEmail: text("actor_email"),
    subjectUserId: uuid("subject_user_id"),
    subjectEmail: text("subject_email"),
    /** For writes: the HTTP method, the path and the answer's status. */
    method: text("method"),
    resource: text("resource"),
    entityId: text("entity_id"),
    status: integer("status"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (table) => [
    index("audit_events_at").on(table.at, table.seq),
    index("audit_events_actor").on(table.actorUserId, table.at),
    index("audit_events_subject").on(table.subjectUserId, table.at),
  ],
);
