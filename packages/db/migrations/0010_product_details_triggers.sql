-- Custom SQL (issue 11): Starport's own fields exist for every product, whoever creates the
-- listing (the sync, tests, imports), and every cost change is kept, whoever writes it.
INSERT INTO "product_details" ("product_id") SELECT "id" FROM "products" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "product_details_for_new_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_details" ("product_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_details_row" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "product_details_for_new_product"();
--> statement-breakpoint
CREATE FUNCTION "product_cost_history_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW."cost_micros" IS NULL AND NEW."cost_valid_from" IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD."cost_micros", OLD."cost_currency", OLD."cost_valid_from")
      IS NOT DISTINCT FROM (NEW."cost_micros", NEW."cost_currency", NEW."cost_valid_from") THEN
    RETURN NEW;
  END IF;
  INSERT INTO "product_cost_history" ("product_id", "cost_micros", "cost_currency", "valid_from")
    VALUES (NEW."product_id", NEW."cost_micros", NEW."cost_currency", NEW."cost_valid_from");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_details_cost_history" AFTER INSERT OR UPDATE ON "product_details"
  FOR EACH ROW EXECUTE FUNCTION "product_cost_history_record"();
