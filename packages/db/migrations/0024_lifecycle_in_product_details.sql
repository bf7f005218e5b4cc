-- A product's lifecycle stage has one place (issue 19): product_details.lifecycle, which the
-- product list, its filter, imports, exports and collection rules already read. It is the product
-- level of the lifecycleStage setting (the settings loader reads it there); the levels above keep
-- theirs in their settings. A stage set in a product's settings moves to its details unless the
-- details already name one (what the seller saw in the product list wins).
INSERT INTO "product_details" ("product_id", "lifecycle")
SELECT ps."product_id", ps."values"->>'lifecycleStage'
FROM "product_settings" ps
WHERE ps."values"->>'lifecycleStage' IN ('launch', 'growth', 'profit', 'clearance')
ON CONFLICT ("product_id") DO UPDATE
  SET "lifecycle" = coalesce("product_details"."lifecycle", excluded."lifecycle"), "updated_at" = now();
--> statement-breakpoint
UPDATE "product_settings" SET "values" = "values" - 'lifecycleStage', "updated_at" = now()
WHERE "values" ? 'lifecycleStage';
