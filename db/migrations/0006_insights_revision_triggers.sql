-- hand-written (kept by scripts/regenerate-migrations.ts)
-- end_users.insights_revision moves whenever data a digest is built from changes, on every write
-- path: day summaries (health and nutrition) written or deleted, workout sessions of a member
-- completed, reopened or removed. Digest caches key on it (server/services/insights/get-digest.ts).
-- Day summaries: one statement-level update per statement (a 50-entry batch bumps its member once).
-- Sessions: row-level and only when the status changes (progress PATCHes never fire it).

CREATE FUNCTION insights_revision_from_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE end_users SET insights_revision = nextval('insight_revision_seq') WHERE id IN (SELECT DISTINCT end_user_id FROM old_rows);
  ELSE
    UPDATE end_users SET insights_revision = nextval('insight_revision_seq') WHERE id IN (SELECT DISTINCT end_user_id FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER health_day_summaries_revision_insert AFTER INSERT ON health_day_summaries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insights_revision_from_summaries();
--> statement-breakpoint
CREATE TRIGGER health_day_summaries_revision_update AFTER UPDATE ON health_day_summaries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insights_revision_from_summaries();
--> statement-breakpoint
CREATE TRIGGER health_day_summaries_revision_delete AFTER DELETE ON health_day_summaries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insights_revision_from_summaries();
--> statement-breakpoint
CREATE FUNCTION insights_revision_from_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE end_users SET insights_revision = nextval('insight_revision_seq')
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.end_user_id ELSE NEW.end_user_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workout_sessions_revision_insert AFTER INSERT ON workout_sessions
  FOR EACH ROW WHEN (NEW.status = 'completed' AND NEW.end_user_id IS NOT NULL) EXECUTE FUNCTION insights_revision_from_session();
--> statement-breakpoint
CREATE TRIGGER workout_sessions_revision_update AFTER UPDATE OF status, completed_at, end_user_id ON workout_sessions
  FOR EACH ROW WHEN ((OLD.status = 'completed' OR NEW.status = 'completed') AND (OLD.status, OLD.completed_at, OLD.end_user_id) IS DISTINCT FROM (NEW.status, NEW.completed_at, NEW.end_user_id) AND NEW.end_user_id IS NOT NULL)
  EXECUTE FUNCTION insights_revision_from_session();
--> statement-breakpoint
CREATE TRIGGER workout_sessions_revision_delete AFTER DELETE ON workout_sessions
  FOR EACH ROW WHEN (OLD.status = 'completed' AND OLD.end_user_id IS NOT NULL) EXECUTE FUNCTION insights_revision_from_session();
