-- hand-written (kept by scripts/regenerate-migrations.ts)
-- Analytics rollups (db/schema/analytics.ts, docs/analytics.md) follow every write of the raw rows
-- in the same transaction: a session started, finished, moved, deleted or detached from a removed
-- member; feedback given, changed or deleted; an enrollment deleted. Each raw row has a
-- contribution (analytics_apply_sessions, analytics_apply_feedback); a write takes the old rows'
-- contribution away and adds the new rows'. Inserts and deletes run once per statement on the
-- transition table (a bulk insert of the seed is one aggregate); updates run per row and only when
-- something counted changed: progress PATCHes of a started session never fire.

-- What one session counts for (computed once per write, then summed into each rollup).
CREATE TYPE analytics_session_contribution AS (
  organization_id text, workout_id text, end_user_id text, day date, finished boolean, completed boolean,
  seconds integer, bucket smallint, stop_position integer, plan_id text, enrollment_id text, plan_week integer
);
--> statement-breakpoint
CREATE FUNCTION analytics_apply_sessions(sign integer, rows workout_sessions[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  contrib analytics_session_contribution[];
BEGIN
  contrib := ARRAY(
  SELECT ROW(r.organization_id, r.workout_id, r.end_user_id, d.day,
         r.status = 'completed', r.status = 'completed' AND r.progress >= 0.9,
         CASE WHEN r.status = 'completed' THEN r.duration ELSE 0 END,
         CASE WHEN r.status = 'completed' THEN (least(20, greatest(0, floor(r.progress * 20)))::int * 5)::smallint END,
         CASE WHEN r.status = 'completed' AND r.progress < 0.9 THEN coalesce((SELECT s.position FROM workout_segments s WHERE s.id = r.workout_segment_id AND s.workout_id = r.workout_id), -1) END,
         e.plan_id, e.id, CASE WHEN e.id IS NOT NULL THEN (d.day - e.start_date) / 7 + 1 END)::analytics_session_contribution
  FROM unnest(rows) AS r
  CROSS JOIN LATERAL (SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day) d
  LEFT JOIN LATERAL (
    SELECT pe.id, pe.plan_id, pe.start_date FROM plan_enrollments pe
    WHERE r.end_user_id IS NOT NULL AND pe.end_user_id = r.end_user_id AND pe.start_date <= d.day
      AND (pe.ended_at IS NULL OR (pe.ended_at AT TIME ZONE 'UTC')::date >= d.day)
      AND EXISTS (SELECT 1 FROM plan_workouts pw WHERE pw.plan_id = pe.plan_id AND pw.workout_id = r.workout_id)
    ORDER BY pe.start_date DESC, pe.created_at DESC LIMIT 1
  ) e ON true);
  IF cardinality(contrib) = 0 THEN RETURN; END IF;

  INSERT INTO analytics_org_days AS t (organization_id, day, starts, finishes, completions, seconds)
  SELECT organization_id, day, sign * count(*), sign * count(*) FILTER (WHERE finished), sign * count(*) FILTER (WHERE completed), sign * sum(seconds)
  FROM unnest(contrib) GROUP BY 1, 2
  ON CONFLICT (organization_id, day) DO UPDATE SET starts = t.starts + excluded.starts, finishes = t.finishes + excluded.finishes,
    completions = t.completions + excluded.completions, seconds = t.seconds + excluded.seconds;

  INSERT INTO analytics_workout_days AS t (organization_id, workout_id, day, starts, finishes, completions, seconds)
  SELECT organization_id, workout_id, day, sign * count(*), sign * count(*) FILTER (WHERE finished), sign * count(*) FILTER (WHERE completed), sign * sum(seconds)
  FROM unnest(contrib) GROUP BY 1, 2, 3
  ON CONFLICT (workout_id, day) DO UPDATE SET starts = t.starts + excluded.starts, finishes = t.finishes + excluded.finishes,
    completions = t.completions + excluded.completions, seconds = t.seconds + excluded.seconds;

  INSERT INTO analytics_workout_watch AS t (workout_id, day, bucket, sessions)
  SELECT workout_id, day, bucket, sign * count(*) FROM unnest(contrib) WHERE bucket IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (workout_id, day, bucket) DO UPDATE SET sessions = t.sessions + excluded.sessions;

  INSERT INTO analytics_workout_stops AS t (workout_id, day, position, sessions)
  SELECT workout_id, day, stop_position, sign * count(*) FROM unnest(contrib) WHERE stop_position IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (workout_id, day, position) DO UPDATE SET sessions = t.sessions + excluded.sessions;

  INSERT INTO analytics_member_days AS t (organization_id, end_user_id, day, starts, completions, seconds)
  SELECT organization_id, end_user_id, day, sign * count(*), sign * count(*) FILTER (WHERE completed), sign * sum(seconds)
  FROM unnest(contrib) WHERE end_user_id IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (end_user_id, day) DO UPDATE SET starts = t.starts + excluded.starts, completions = t.completions + excluded.completions, seconds = t.seconds + excluded.seconds;

  INSERT INTO analytics_plan_days AS t (organization_id, plan_id, day, starts, finishes, completions, seconds)
  SELECT organization_id, plan_id, day, sign * count(*), sign * count(*) FILTER (WHERE finished), sign * count(*) FILTER (WHERE completed), sign * sum(seconds)
  FROM unnest(contrib) WHERE plan_id IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (plan_id, day) DO UPDATE SET starts = t.starts + excluded.starts, finishes = t.finishes + excluded.finishes,
    completions = t.completions + excluded.completions, seconds = t.seconds + excluded.seconds;

  INSERT INTO analytics_enrollment_weeks AS t (enrollment_id, plan_id, week, completions)
  SELECT enrollment_id, plan_id, plan_week, sign * count(*) FROM unnest(contrib) WHERE enrollment_id IS NOT NULL AND completed GROUP BY 1, 2, 3
  ON CONFLICT (enrollment_id, week) DO UPDATE SET completions = t.completions + excluded.completions;

  -- Active members: a member's period count moving from 0 to more (or back) moves the workspace's count.
  WITH deltas AS (
    SELECT c.organization_id, c.end_user_id, p.kind, p.period_start, sign * count(*) AS delta
    FROM unnest(contrib) c
    CROSS JOIN LATERAL (VALUES ('day', c.day), ('week', date_trunc('week', c.day)::date), ('month', date_trunc('month', c.day)::date)) AS p(kind, period_start)
    WHERE c.end_user_id IS NOT NULL GROUP BY 1, 2, 3, 4
  ), moved AS (
    INSERT INTO analytics_member_periods AS t (organization_id, end_user_id, kind, period_start, starts)
    SELECT organization_id, end_user_id, kind, period_start, delta FROM deltas
    ON CONFLICT (end_user_id, kind, period_start) DO UPDATE SET starts = t.starts + excluded.starts
    RETURNING t.organization_id, t.end_user_id, t.kind, t.period_start, t.starts
  )
  INSERT INTO analytics_org_active AS t (organization_id, kind, period_start, members)
  SELECT m.organization_id, m.kind, m.period_start,
         count(*) FILTER (WHERE m.starts > 0 AND m.starts - d.delta <= 0) - count(*) FILTER (WHERE m.starts <= 0 AND m.starts - d.delta > 0)
  FROM moved m JOIN deltas d USING (end_user_id, kind, period_start)
  GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, kind, period_start) DO UPDATE SET members = t.members + excluded.members;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_sessions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_apply_sessions(1, ARRAY(SELECT n::workout_sessions FROM new_rows n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_apply_sessions(-1, ARRAY(SELECT o::workout_sessions FROM old_rows o));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_session_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_apply_sessions(-1, ARRAY[OLD]);
  PERFORM analytics_apply_sessions(1, ARRAY[NEW]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workout_sessions_analytics_insert AFTER INSERT ON workout_sessions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_inserted();
--> statement-breakpoint
CREATE TRIGGER workout_sessions_analytics_delete AFTER DELETE ON workout_sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_deleted();
--> statement-breakpoint
CREATE TRIGGER workout_sessions_analytics_update AFTER UPDATE ON workout_sessions
  FOR EACH ROW WHEN (
    OLD.end_user_id IS DISTINCT FROM NEW.end_user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.workout_id IS DISTINCT FROM NEW.workout_id
    OR ((OLD.status = 'completed' OR NEW.status = 'completed')
        AND (OLD.status, OLD.progress, OLD.duration, OLD.workout_segment_id) IS DISTINCT FROM (NEW.status, NEW.progress, NEW.duration, NEW.workout_segment_id))
  ) EXECUTE FUNCTION analytics_session_updated();
--> statement-breakpoint
CREATE FUNCTION analytics_apply_feedback(sign integer, rows workout_feedback[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_feedback_days AS t (workout_id, day, option_id, votes)
  SELECT r.workout_id, (r.created_at AT TIME ZONE 'UTC')::date, o.option_id, sign * count(*)
  FROM unnest(rows) AS r CROSS JOIN LATERAL (VALUES (r.rating_option_id), (r.difficulty_option_id)) AS o(option_id)
  WHERE o.option_id IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (workout_id, day, option_id) DO UPDATE SET votes = t.votes + excluded.votes;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_feedback_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_apply_feedback(1, ARRAY(SELECT n::workout_feedback FROM new_rows n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_feedback_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_apply_feedback(-1, ARRAY(SELECT o::workout_feedback FROM old_rows o));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_feedback_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_apply_feedback(-1, ARRAY[OLD]);
  PERFORM analytics_apply_feedback(1, ARRAY[NEW]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workout_feedback_analytics_insert AFTER INSERT ON workout_feedback REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_feedback_inserted();
--> statement-breakpoint
CREATE TRIGGER workout_feedback_analytics_delete AFTER DELETE ON workout_feedback REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_feedback_deleted();
--> statement-breakpoint
CREATE TRIGGER workout_feedback_analytics_update AFTER UPDATE OF rating_option_id, difficulty_option_id, workout_id, created_at ON workout_feedback
  FOR EACH ROW WHEN ((OLD.rating_option_id, OLD.difficulty_option_id, OLD.workout_id, OLD.created_at) IS DISTINCT FROM (NEW.rating_option_id, NEW.difficulty_option_id, NEW.workout_id, NEW.created_at))
  EXECUTE FUNCTION analytics_feedback_updated();
--> statement-breakpoint
CREATE FUNCTION analytics_enrollments_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_enrollment_weeks WHERE enrollment_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER plan_enrollments_analytics_delete AFTER DELETE ON plan_enrollments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_enrollments_deleted();
