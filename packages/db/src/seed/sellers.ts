import type { Database } from "../client.ts";
import {
  advertisingProfiles,
  brands,
  productCollections,
  sellerAccounts,
  sellerProfiles,
  tags,
  taxes,
} from "../schema/index.ts";

/** Demo seller data of the demo customer; fixed ids keep it idempotent. */
export const DEMO_SELLER_IDS = {
  customer: "00000000-0000-4000-8000-000000000001",
  sellerProfile: "00000000-0000-4000-8000-000000000101",
  sellerAccount: "00000000-0000-4000-8000-000000000201",
} as const;

const id = (group: number, n: number) =>
  `00000000-0000-4000-8000-${String(group * 1000 + n).padStart(12, "0")}`;

export async function seedSellerDemoData(db: Database): Promise<void> {
  const profile = DEMO_SELLER_IDS.sellerProfile;
  await db.transaction(async (tx) => {
    await tx
      .insert(sellerProfiles)
      .values({
        id: profile,
        customerId: DEMO_SELLER_IDS.customer,
        name: "Starport Demo Store",
        defaultAdvertisingMetric: "ACoS",
        defaultCurrency: "EUR",
        defaultMarketplace: "DE",
      })
      .onConflictDoNothing();
    await tx
      .insert(sellerAccounts)
      .values({
        id: DEMO_SELLER_IDS.sellerAccount,
        sellerProfileId: profile,
        name: "Demo Store EU",
        region: "EU",
        marketplaceParticipations: [
          { marketplace: "DE", isParticipating: true },
          { marketplace: "FR", isParticipating: true },
        ],
      })
      .onConflictDoNothing();
    await tx
      .insert(advertisingProfiles)
      .values([
        {
          id: id(3, 1),
          sellerProfileId: profile,
          amazonProfileId: "1234567890123401",
          countryCode: "DE",
          currency: "EUR",
          timezone: "Europe/Berlin",
          active: true,
        },
        {
          id: id(3, 2),
          sellerProfileId: profile,
          amazonProfileId: "1234567890123402",
          countryCode: "FR",
          currency: "EUR",
          timezone: "Europe/Paris",
          active: true,
        },
      ])
      .onConflictDoNothing();
    await tx
      .insert(brands)
      .values([
        { id: id(4, 1), sellerProfileId: profile, name: "Nordlicht" },
        { id: id(4, 2), sellerProfileId: profile, name: "Kaffeekunst" },
      ])
      .onConflictDoNothing();
    await tx
      .insert(tags)
      .values(
        ["Bestseller", "Neuheit", "Saisonware", "Geschenkidee", "Restposten"].map((text, n) => ({
          id: id(5, n + 1),
          sellerProfileId: profile,
          text,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(productCollections)
      .values([
        {
          id: id(6, 1),
          sellerProfileId: profile,
          name: "Winter-Sortiment",
          description: "Saisonale Produkte für die kalte Jahreszeit",
          colour: "#4c6ef5",
          membership: "manual",
          productCount: 0,
        },
        {
          id: id(6, 2),
          sellerProfileId: profile,
          name: "Unter 10 €",
          description: "Alle Produkte mit einem Preis unter 10 €",
          colour: "#12b886",
          membership: "rules",
          rules: { match: "all", conditions: [{ field: "price", operator: "lt", value: 10 }] },
          productCount: 0,
        },
      ])
      .onConflictDoNothing();
    await tx
      .insert(taxes)
      .values([
        {
          id: id(7, 1),
          customerId: DEMO_SELLER_IDS.customer,
          marketplace: "DE",
          rate: "19.00",
          type: "standard",
          validFrom: "2007-01-01",
        },
        {
          id: id(7, 2),
          customerId: DEMO_SELLER_IDS.customer,
          marketplace: "DE",
          rate: "7.00",
          type: "reduced",
          validFrom: "2007-01-01",
        },
        {
          id: id(7, 3),
          customerId: DEMO_SELLER_IDS.customer,
          marketplace: "FR",
          rate: "20.00",
          type: "standard",
          validFrom: "2014-01-01",
        },
        {
          id: id(7, 4),
          customerId: DEMO_SELLER_IDS.customer,
          marketplace: "FR",
          rate: "5.50",
          type: "reduced",
          validFrom: "2014-01-01",
        },
      ])
      .onConflictDoNothing();
  });
}
