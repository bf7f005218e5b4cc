import { type Database, schema } from "@starport/db";
import {
  CONVERSION_CURRENCIES,
  MARKETPLACES,
  normalizeMarketplaceCode,
} from "@starport/marketplaces";
import { AUTOMATION_MODES, LIFECYCLE_STAGES } from "@starport/settings";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { toUserView, userView } from "../auth/accounts.ts";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import type { Principal } from "../auth/principal.ts";
import { excerpt, NotFoundError, UnauthorizedError, ValidationError } from "../errors.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import {
  type OnboardingGoals,
  readOnboardingGoals,
  saveOnboardingGoals,
  saveOnboardingMarketplaces,
} from "../settings/save-onboarding-goals.ts";
import { parseBody, violation } from "../validation.ts";

/** The getting-started steps, in order (spec §4 onboarding; issue 3). */
export const ONBOARDING_STEPS = [
  "seller-profile",
  "sp-api",
  "advertising-api",
  "marketplaces",
  "target-acos",
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Steps that may be left for later: the Amazon connections and the marketplace choice. */
export const SKIPPABLE_STEPS: readonly OnboardingStep[] = [
  "sp-api",
  "advertising-api",
  "marketplaces",
];

/** The metrics offered in step 1, spelled as the seller-profile resource stores them. */
export const ADVERTISING_METRICS = ["ACoS", "RoAS", "TACoS"] as const;

const marketplaceCode = z.string().transform((value, ctx) => {
  const code = normalizeMarketplaceCode(value);
  if (!code) {
    ctx.addIssue({ code: "custom", message: "unknown marketplace" });
    return z.NEVER;
  }
  return code;
});

const sellerProfileStep = z.object({
  name: z.string().trim().min(1).max(120),
  defaultMarketplace: marketplaceCode,
  defaultCurrency: z.enum(CONVERSION_CURRENCIES),
  defaultAdvertisingMetric: z.enum(ADVERTISING_METRICS),
});
const skipStep = z.object({ skipped: z.literal(true) });
const marketplacesStep = z.object({
  marketplaces: z.array(marketplaceCode).min(1).max(MARKETPLACES.length),
});
/** Goal types a seller picks while getting started; a budget goal needs Settings' budgets. */
export const ONBOARDING_GOAL_TYPES = ["targetAcos", "targetTacos"] as const;
const percent = z.number().gt(0).max(100);
/**
 * The goals step (still keyed "target-acos"): the global target ACoS, and optionally the goal
 * type (a TACoS goal names its target TACoS), the lifecycle stage and the automation mode; all
 * become the seller profile's global settings.
 */
const targetAcosStep = z
  .object({
    targetAcos: percent,
    goalType: z.enum(ONBOARDING_GOAL_TYPES).optional(),
    targetTacos: percent.optional(),
    lifecycleStage: z.enum(LIFECYCLE_STAGES).optional(),
    automationMode: z.enum(AUTOMATION_MODES).optional(),
  })
  .refine((step) => step.goalType !== "targetTacos" || step.targetTacos !== undefined, {
    path: ["targetTacos"],
    params: { code: "required" },
  });

export interface OnboardingView {
  "@id": "/api/onboarding";
  steps: { key: OnboardingStep; status: "pending" | "done" | "skipped" }[];
  /** The first step neither done nor skipped; null when all are. */
  currentStep: OnboardingStep | null;
  sellerProfile: {
    "@id": string;
    id: string;
    name: string;
    settings: {
      defaultMarketplace: string;
      defaultCurrency: string;
      defaultAdvertisingMetric: string;
    };
  } | null;
  marketplaces: string[] | null;
  targetAcos: number | null;
  /** The seller profile's global goal values the goals step sets (null before a profile). */
  goals: OnboardingGoals | null;
  finishedOnboardingAt: string | null;
}

export function createOnboarding(db: Database) {
  async function userOf(principal: Principal) {
    const [user] = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, principal.userId))
      .limit(1);
    if (!user) throw new UnauthorizedError("Invalid JWT Token");
    return user;
  }

  async function view(principal: Principal): Promise<OnboardingView> {
    const user = await userOf(principal);
    const [progress] = await db
      .select()
      .from(schema.onboardingProgress)
      .where(eq(schema.onboardingProgress.userId, user.id))
      .limit(1);
    const completed = new Set(progress?.completedSteps ?? []);
    const skipped = new Set(progress?.skippedSteps ?? []);
    const steps = ONBOARDING_STEPS.map((key) => ({
      key,
      status: completed.has(key)
        ? ("done" as const)
        : skipped.has(key)
          ? ("skipped" as const)
          : ("pending" as const),
    }));
    let sellerProfile: OnboardingView["sellerProfile"] = null;
    if (progress?.sellerProfileId) {
      const [row] = await db
        .select()
        .from(schema.sellerProfiles)
        .where(
          and(
            eq(schema.sellerProfiles.id, progress.sellerProfileId),
            eq(schema.sellerProfiles.customerId, user.customerId),
          ),
        )
        .limit(1);
      if (row) {
        sellerProfile = {
          "@id": `/api/seller_profiles/${row.id}`,
          id: row.id,
          name: row.name,
          settings: {
            defaultMarketplace: row.defaultMarketplace,
            defaultCurrency: row.defaultCurrency,
            defaultAdvertisingMetric: row.defaultAdvertisingMetric,
          },
        };
      }
    }
    return {
      "@id": "/api/onboarding",
      steps,
      currentStep: steps.find((s) => s.status === "pending")?.key ?? null,
      sellerProfile,
      marketplaces: progress?.marketplaces ?? null,
      targetAcos: progress?.targetAcos === null || !progress ? null : Number(progress.targetAcos),
      goals: sellerProfile ? await readOnboardingGoals(db, sellerProfile.id) : null,
      finishedOnboardingAt: user.finishedOnboardingAt?.toISOString() ?? null,
    };
  }

  /** Saves one step in one transaction; the answer is the whole progress. */
  async function saveStep(principal: Principal, step: string, body: unknown) {
    if (!(ONBOARDING_STEPS as readonly string[]).includes(step)) {
      throw new NotFoundError(`Unknown onboarding step "${excerpt(step)}".`);
    }
    const key = step as OnboardingStep;
    const user = await userOf(principal);
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(schema.onboardingProgress)
        .where(eq(schema.onboardingProgress.userId, user.id))
        .limit(1);
      const completed = new Set(existing?.completedSteps ?? []);
      const skipped = new Set(existing?.skippedSteps ?? []);
      const patch: Partial<typeof schema.onboardingProgress.$inferInsert> = {};
      const isSkip =
        SKIPPABLE_STEPS.includes(key) &&
        body !== null &&
        typeof body === "object" &&
        "skipped" in body;
      if (isSkip) {
        parseBody(skipStep, body);
        skipped.add(key);
        completed.delete(key);
      } else if (key === "seller-profile") {
        const input = parseBody(sellerProfileStep, body);
        const values = {
          name: input.name,
          defaultMarketplace: input.defaultMarketplace,
          defaultCurrency: input.defaultCurrency,
          defaultAdvertisingMetric: input.defaultAdvertisingMetric,
        };
        // Going back and saving again edits the profile made the first time.
        const updated = existing?.sellerProfileId
          ? await tx
              .update(schema.sellerProfiles)
              .set(values)
              .where(
                and(
                  eq(schema.sellerProfiles.id, existing.sellerProfileId),
                  eq(schema.sellerProfiles.customerId, user.customerId),
                ),
              )
              .returning({ id: schema.sellerProfiles.id })
          : [];
        const profileId =
          updated[0]?.id ??
          (
            await tx
              .insert(schema.sellerProfiles)
              .values({ ...values, customerId: user.customerId })
              .returning({ id: schema.sellerProfiles.id })
          )[0]!.id;
        patch.sellerProfileId = profileId;
        completed.add(key);
      } else if (key === "marketplaces") {
        const input = parseBody(marketplacesStep, body);
        patch.marketplaces = [...new Set(input.marketplaces)];
        if (existing?.sellerProfileId)
          await saveOnboardingMarketplaces(tx, existing.sellerProfileId, patch.marketplaces);
        completed.add(key);
        skipped.delete(key);
      } else if (key === "target-acos") {
        const input = parseBody(targetAcosStep, body);
        patch.targetAcos = input.targetAcos.toFixed(2);
        if (existing?.sellerProfileId)
          await saveOnboardingGoals(tx, existing.sellerProfileId, input);
        completed.add(key);
      } else {
        // sp-api and advertising-api are completed by the Amazon connection flow, not by hand.
        throw new ValidationError([violation("skipped", "required")]);
      }
      const values = {
        ...patch,
        completedSteps: [...completed],
        skippedSteps: [...skipped],
        updatedAt: new Date(),
      };
      await tx
        .insert(schema.onboardingProgress)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: schema.onboardingProgress.userId, set: values });
    });
    return view(principal);
  }

  /** Finishes onboarding: needs the seller profile and the target ACoS; the rest may be skipped. */
  async function finish(principal: Principal) {
    const current = await view(principal);
    const missing = current.steps.filter((s) => s.status === "pending").map((s) => s.key);
    if (missing.length > 0) {
      throw new ValidationError(missing.map((key) => violation(`steps.${key}`, "required")));
    }
    const user = await userOf(principal);
    const [updated] = await db
      .update(schema.users)
      .set({ finishedOnboardingAt: user.finishedOnboardingAt ?? new Date() })
      .where(eq(schema.users.id, user.id))
      .returning();
    return toUserView(updated!);
  }

  return { view, saveStep, finish };
}

const TAGS = ["Onboarding"];
const onboardingView = z
  .object({
    "@id": z.literal("/api/onboarding"),
    steps: z.array(
      z.object({
        key: z.enum(ONBOARDING_STEPS),
        status: z.enum(["pending", "done", "skipped"]),
      }),
    ),
    currentStep: z.enum(ONBOARDING_STEPS).nullable(),
    sellerProfile: z
      .object({
        "@id": z.string(),
        id: z.uuid(),
        name: z.string(),
        settings: z.object({
          defaultMarketplace: z.string(),
          defaultCurrency: z.string(),
          defaultAdvertisingMetric: z.string(),
        }),
      })
      .nullable(),
    marketplaces: z.array(z.string()).nullable(),
    targetAcos: z.number().nullable(),
    goals: z
      .object({
        goalType: z.enum(["targetAcos", "targetTacos", "maxSales"]).nullable(),
        targetTacos: z.number().nullable(),
        lifecycleStage: z.enum(LIFECYCLE_STAGES).nullable(),
        automationMode: z.enum(AUTOMATION_MODES).nullable(),
      })
      .nullable()
      .describe("the seller profile's own global values (null where unset: the default applies)"),
    finishedOnboardingAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "OnboardingView" });
const progress = {
  description: "The whole progress",
  content: { "application/json": { schema: onboardingView } },
};
/** What each step accepts; the step in the path decides which (validated by saveStep). */
const stepBody = z.union([sellerProfileStep, marketplacesStep, targetAcosStep, skipStep]);

/** GET /api/onboarding, PUT /api/onboarding/steps/{step}, POST /api/onboarding/finish. */
export async function onboardingRoutes(app: FastifyInstance, deps: { db: Database }) {
  const onboarding = createOnboarding(deps.db);
  app.get(
    "/onboarding",
    {
      onRequest: signedIn,
      schema: {
        operationId: "getOnboarding",
        tags: TAGS,
        summary: "The signed-in user's getting-started progress.",
        response: { 200: progress, ...problems(401) },
      },
    },
    async (request) => onboarding.view(requirePrincipal(request)),
  );
  app.put<{ Params: { step: string } }>(
    "/onboarding/steps/:step",
    {
      onRequest: signedIn,
      // The step decides the body's schema: saveStep validates it with that one.
      attachValidation: true,
      schema: {
        operationId: "saveOnboardingStep",
        tags: TAGS,
        summary: "Saves one step (or skips it, where it may be skipped).",
        params: z.object({ step: z.string().max(100) }),
        body: stepBody,
        response: { 200: progress, ...problems(...BODY_PROBLEMS, 401, 404) },
      },
    },
    async (request) =>
      onboarding.saveStep(requirePrincipal(request), request.params.step, request.body),
  );
  app.post(
    "/onboarding/finish",
    {
      onRequest: signedIn,
      schema: {
        operationId: "finishOnboarding",
        tags: TAGS,
        summary: "Finishes onboarding once the required steps are done.",
        response: {
          200: {
            description: "The user, now onboarded",
            content: { "application/json": { schema: userView } },
          },
          ...problems(401, 422),
        },
      },
    },
    async (request) => onboarding.finish(requirePrincipal(request)),
  );
}
