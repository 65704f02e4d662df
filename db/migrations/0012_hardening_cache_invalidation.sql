-- hand-written (kept by scripts/regenerate-migrations.ts)
-- Cross-instance cache invalidation: every instance keeps API keys, organization limits, platform
-- reference data and the stock exercise pool in memory, and LISTENs on channel forma_cache
-- (db/cache-invalidation.ts). These triggers NOTIFY on every write that changes what those caches
-- hold, from any writer (an instance, the console, the seed command, psql). NOTIFY is delivered at
-- commit, so an instance drops its entry right after the change is visible. Payload: topic:key.

CREATE FUNCTION forma_notify_api_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('forma_cache', 'api_key:' || OLD.hash);
  ELSE
    PERFORM pg_notify('forma_cache', 'api_key:' || NEW.hash);
    IF TG_OP = 'UPDATE' AND OLD.hash IS DISTINCT FROM NEW.hash THEN
      PERFORM pg_notify('forma_cache', 'api_key:' || OLD.hash);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not on last_used_at: the API records key use once a minute per key, which changes nothing cached.
CREATE TRIGGER api_keys_cache_invalidation AFTER INSERT OR DELETE OR UPDATE OF hash, kind, organization_id, expires_at, revoked_at ON api_keys
  FOR EACH ROW EXECUTE FUNCTION forma_notify_api_key();
--> statement-breakpoint
CREATE FUNCTION forma_notify_api_key_organizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('forma_cache', 'api_key:' || k.hash) FROM api_keys k WHERE k.id = COALESCE(NEW.api_key_id, OLD.api_key_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_key_organizations_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON api_key_organizations
  FOR EACH ROW EXECUTE FUNCTION forma_notify_api_key_organizations();
--> statement-breakpoint
CREATE FUNCTION forma_notify_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('forma_cache', 'organization:' || COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION forma_notify_organization();
--> statement-breakpoint
CREATE FUNCTION forma_notify_topic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('forma_cache', TG_ARGV[0] || ':');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION forma_notify_topic('reference');
--> statement-breakpoint
CREATE TRIGGER equipment_categories_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON equipment_categories
  FOR EACH STATEMENT EXECUTE FUNCTION forma_notify_topic('reference');
--> statement-breakpoint
CREATE TRIGGER equipment_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON equipment
  FOR EACH STATEMENT EXECUTE FUNCTION forma_notify_topic('reference');
--> statement-breakpoint
CREATE TRIGGER muscle_groups_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON muscle_groups
  FOR EACH STATEMENT EXECUTE FUNCTION forma_notify_topic('reference');
--> statement-breakpoint
CREATE TRIGGER goals_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goals
  FOR EACH STATEMENT EXECUTE FUNCTION forma_notify_topic('reference');
--> statement-breakpoint
CREATE TRIGGER video_assets_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_assets
  FOR EACH STATEMENT EXECUTE FUNCTION forma_notify_topic('stock');
