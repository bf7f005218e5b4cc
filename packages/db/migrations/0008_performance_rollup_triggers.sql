-- Custom SQL: changes to the daily facts mark the running totals of their profile and entity type
-- as stale from the earliest changed day (one statement-level upsert per write statement, so
-- bulk report ingestion pays once per chunk). The API rebuilds from that day before reading.
CREATE FUNCTION ad_performance_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ad_performance_rollup_state AS s (advertising_profile_id, entity_type, dirty_from)
  SELECT c.advertising_profile_id, c.entity_type, min(c.date)
  FROM changed c
  -- A profile being deleted takes its facts along: nothing to mark.
  WHERE EXISTS (SELECT 1 FROM advertising_profiles p WHERE p.id = c.advertising_profile_id)
  GROUP BY 1, 2
  ON CONFLICT (advertising_profile_id, entity_type)
  DO UPDATE SET dirty_from = least(coalesce(s.dirty_from, excluded.dirty_from), excluded.dirty_from);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ad_performance_daily_inserted AFTER INSERT ON ad_performance_daily
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ad_performance_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER ad_performance_daily_updated AFTER UPDATE ON ad_performance_daily
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ad_performance_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER ad_performance_daily_deleted AFTER DELETE ON ad_performance_daily
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ad_performance_mark_dirty();
--> statement-breakpoint
INSERT INTO ad_performance_rollup_state (advertising_profile_id, entity_type, dirty_from)
SELECT advertising_profile_id, entity_type, min(date) FROM ad_performance_daily GROUP BY 1, 2;
