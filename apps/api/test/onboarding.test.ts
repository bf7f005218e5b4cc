import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, startTestApi, type TestApi } from "./support/api-app.ts";

describe.each(TEST_DATABASE_KINDS)("onboarding and support on %s", (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(() => api.close());

  let serial = 0;
  /** A user of the calling test's own, just registered and signed in: onboarding not started. */
  async function newUser(): Promise<{ token: string; email: string }> {
    serial += 1;
    const email = `onboarding-${serial}@example.com`;
    const password = "onboarding-passwort-123";
    const registered = await api.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { name: "Nico Neu", company: `Nico ${serial} GmbH`, email, password },
      remoteAddress: `10.0.1.${serial}`,
    });
    expect(registered.statusCode).toBe(201);
    return { token: await api.login(email, password), email };
  }

  const putAs = (token: string) => (step: string, payload: unknown) =>
    api.app.inject({
      method: "PUT",
      url: `/api/onboarding/steps/${step}`,
      headers: bearer(token),
      payload: payload as object,
    });

  it("starts at the seller-profile step and needs a signed-in user", async () => {
    const { token } = await newUser();
    expect((await api.app.inject({ url: "/api/onboarding" })).statusCode).toBe(401);
    const response = await api.app.inject({ url: "/api/onboarding", headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      currentStep: "seller-profile",
      sellerProfile: null,
      finishedOnboardingAt: null,
    });
    expect(response.json().steps.map((s: { key: string }) => s.key)).toEqual([
      "seller-profile",
      "sp-api",
      "advertising-api",
      "marketplaces",
      "target-acos",
    ]);
  });

  it("validates each step and refuses to finish early", async () => {
    const { token } = await newUser();
    const put = putAs(token);
    const bad = await put("seller-profile", {
      name: "",
      defaultMarketplace: "XX",
      defaultCurrency: "DOGE",
      defaultAdvertisingMetric: "CPC",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      "name",
      "defaultMarketplace",
      "defaultCurrency",
      "defaultAdvertisingMetric",
    ]);
    expect((await put("nope", {})).statusCode).toBe(404);
    expect((await put("sp-api", {})).statusCode).toBe(422);
    expect((await put("target-acos", { targetAcos: 0 })).statusCode).toBe(422);
    expect((await put("target-acos", { targetAcos: "ten" })).statusCode).toBe(422);
    // Unknown stages and modes are refused; a TACoS goal names its target TACoS.
    const codes = async (body: unknown) =>
      (await put("target-acos", body))
        .json()
        .violations.map(
          (v: { propertyPath: string; code: string }) => `${v.propertyPath}:${v.code}`,
        )
        .sort();
    expect(
      await codes({ targetAcos: 20, lifecycleStage: "retirement", automationMode: "sometimes" }),
    ).toEqual(["automationMode:choice", "lifecycleStage:choice"]);
    expect(await codes({ targetAcos: 20, goalType: "targetTacos" })).toEqual([
      "targetTacos:required",
    ]);
    expect(await codes({ targetAcos: 20, goalType: "maxSales" })).toEqual(["goalType:choice"]);
    const early = await api.app.inject({
      method: "POST",
      url: "/api/onboarding/finish",
      headers: bearer(token),
    });
    expect(early.statusCode).toBe(422);
  });

  it("saves each step, resumes where it stopped, and finishing sets finishedOnboardingAt", async () => {
    const { token, email } = await newUser();
    const put = putAs(token);
    const profile = await put("seller-profile", {
      name: "Nico's Shop",
      defaultMarketplace: "de",
      defaultCurrency: "EUR",
      defaultAdvertisingMetric: "RoAS",
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      currentStep: "sp-api",
      sellerProfile: {
        name: "Nico's Shop",
        settings: { defaultMarketplace: "DE", defaultAdvertisingMetric: "RoAS" },
      },
    });
    const profileId = profile.json().sellerProfile.id;
    // Saving the step again edits the same profile.
    const again = await put("seller-profile", {
      name: "Nico's Store",
      defaultMarketplace: "FR",
      defaultCurrency: "EUR",
      defaultAdvertisingMetric: "ACoS",
    });
    expect(again.json().sellerProfile).toMatchObject({ id: profileId, name: "Nico's Store" });
    const [user] = await api.database.connection.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, email));
    const profiles = await api.database.connection.db
      .select()
      .from(schema.sellerProfiles)
      .where(eq(schema.sellerProfiles.customerId, user!.customerId));
    expect(profiles.filter((p) => p.name.startsWith("Nico"))).toHaveLength(1);

    expect((await put("sp-api", { skipped: true })).json().currentStep).toBe("advertising-api");
    expect((await put("advertising-api", { skipped: true })).json().currentStep).toBe(
      "marketplaces",
    );
    const markets = await put("marketplaces", { marketplaces: ["DE", "fr", "gb", "DE"] });
    expect(markets.json()).toMatchObject({
      currentStep: "target-acos",
      marketplaces: ["DE", "FR", "UK"],
    });
    const resumed = await api.app.inject({ url: "/api/onboarding", headers: bearer(token) });
    expect(resumed.json().currentStep).toBe("target-acos");
    const acos = await put("target-acos", { targetAcos: 15.5 });
    expect(acos.json()).toMatchObject({
      currentStep: null,
      targetAcos: 15.5,
      goals: { goalType: null, targetTacos: null, lifecycleStage: null, automationMode: null },
    });
    // The goals step writes the seller profile's global settings, keeping what it does not name.
    const settingsOf = async () =>
      (
        await api.app.inject({
          url: `/api/seller_profile_settings?sellerProfile=${profileId}`,
          headers: bearer(token),
        })
      ).json()["hydra:member"][0]?.values;
    expect(await settingsOf()).toEqual({ targetAcos: 15.5 });
    await api.database.connection.db.execute(
      sql`update seller_profile_settings set values = values || '{"cooldownDays": 5}'::jsonb
        where seller_profile_id = ${profileId}`,
    );
    const goals = await put("target-acos", {
      targetAcos: 18,
      goalType: "targetTacos",
      targetTacos: 8,
      lifecycleStage: "launch",
      automationMode: "automatic",
    });
    expect(goals.statusCode, goals.body).toBe(200);
    expect(goals.json().goals).toEqual({
      goalType: "targetTacos",
      targetTacos: 8,
      lifecycleStage: "launch",
      automationMode: "automatic",
    });
    expect(await settingsOf()).toEqual({
      targetAcos: 18,
      goalType: "targetTacos",
      targetTacos: 8,
      lifecycleStage: "launch",
      automationMode: "automatic",
      cooldownDays: 5,
    });

    const finished = await api.app.inject({
      method: "POST",
      url: "/api/onboarding/finish",
      headers: bearer(token),
    });
    expect(finished.statusCode).toBe(200);
    expect(finished.json().finishedOnboardingAt).toEqual(expect.any(String));
    const signIn = await api.app.inject({
      method: "POST",
      url: "/api/sign-in",
      payload: { token },
    });
    expect(signIn.json().finishedOnboardingAt).toBe(finished.json().finishedOnboardingAt);
  });

  it("stores support requests of signed-in users and validates them", async () => {
    const { token, email } = await newUser();
    expect(
      (
        await api.app.inject({
          method: "POST",
          url: "/api/support_requests",
          payload: { subject: "x", message: "y" },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await api.app.inject({
      method: "POST",
      url: "/api/support_requests",
      headers: bearer(token),
      payload: { subject: " ", message: "" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toHaveLength(2);
    const created = await api.app.inject({
      method: "POST",
      url: "/api/support_requests",
      headers: bearer(token),
      payload: { subject: "Bids", message: "Why did my bid change?" },
    });
    expect(created.statusCode).toBe(201);
    const rows = await api.database.connection.db
      .select()
      .from(schema.supportRequests)
      .where(eq(schema.supportRequests.email, email));
    expect(rows).toMatchObject([{ subject: "Bids", message: "Why did my bid change?", email }]);
  });
});
