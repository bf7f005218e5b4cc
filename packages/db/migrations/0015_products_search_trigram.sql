-- Custom migration (issue 11 §3): a trigram index for the product list's text search
-- (`sku ILIKE '%…%' OR asin ILIKE … OR title ILIKE …`), where the server offers pg_trgm and lets
-- this database create it (trusted since PostgreSQL 13). Where it does not (PGlite without the
-- extension loaded, a role without CREATE), the search keeps its sequential filter: nothing fails.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS products_search_trgm ON products
        USING gin (sku gin_trgm_ops, asin gin_trgm_ops, title gin_trgm_ops);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'products_search_trgm not created: %', SQLERRM;
    END;
  END IF;
END $$;
