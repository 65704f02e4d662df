-- hand-written (kept by scripts/regenerate-migrations.ts)
-- The vocabulary of each workspace's listed workouts (table workout_search_words, db/schema/workouts.ts),
-- kept exact by statement-level triggers: every INSERT, UPDATE and DELETE on workouts adds the words
-- of the rows it lists and subtracts those of the rows it unlists, in one aggregated upsert per
-- statement (a bulk insert of 100,000 workouts is one upsert), in (organization, word) order so
-- concurrent writers lock shared words in the same order.

CREATE FUNCTION forma_search_words(doc text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(doc, '[^[:alnum:]]+') AS w WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
$$;
--> statement-breakpoint
CREATE FUNCTION workout_search_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workout_search_words AS t (organization_id, word, workouts)
    SELECT n.organization_id, w, count(*)::int
    FROM new_rows n, forma_search_words(n.search_text) AS w
    WHERE n.status = 'published' AND n.deleted_at IS NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, word) DO UPDATE SET workouts = t.workouts + excluded.workouts;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workout_search_words AS t (organization_id, word, workouts)
    SELECT o.organization_id, w, -count(*)::int
    FROM old_rows o, forma_search_words(o.search_text) AS w
    WHERE o.status = 'published' AND o.deleted_at IS NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, word) DO UPDATE SET workouts = t.workouts + excluded.workouts;
  ELSE
    -- Only rows whose document or listing changed (ratings and edits of other fields cost nothing).
    WITH changed AS (
      SELECT o.organization_id AS old_org, o.search_text AS old_doc, (o.status = 'published' AND o.deleted_at IS NULL) AS old_listed,
             n.organization_id AS new_org, n.search_text AS new_doc, (n.status = 'published' AND n.deleted_at IS NULL) AS new_listed
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.organization_id, o.search_text, o.status, o.deleted_at) IS DISTINCT FROM (n.organization_id, n.search_text, n.status, n.deleted_at)
    ), delta AS (
      SELECT org, word, sum(d)::int AS n FROM (
        SELECT old_org AS org, w AS word, -1 AS d FROM changed, forma_search_words(old_doc) AS w WHERE old_listed
        UNION ALL
        SELECT new_org, w, 1 FROM changed, forma_search_words(new_doc) AS w WHERE new_listed
      ) x GROUP BY 1, 2 HAVING sum(d) <> 0
    )
    INSERT INTO workout_search_words AS t (organization_id, word, workouts)
    SELECT org, word, n FROM delta ORDER BY 1, 2
    ON CONFLICT (organization_id, word) DO UPDATE SET workouts = t.workouts + excluded.workouts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workouts_search_words_insert AFTER INSERT ON workouts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION workout_search_words_sync();
--> statement-breakpoint
CREATE TRIGGER workouts_search_words_update AFTER UPDATE ON workouts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION workout_search_words_sync();
--> statement-breakpoint
CREATE TRIGGER workouts_search_words_delete AFTER DELETE ON workouts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION workout_search_words_sync();
--> statement-breakpoint
INSERT INTO workout_search_words (organization_id, word, workouts)
SELECT organization_id, w, count(*)::int
FROM workouts, forma_search_words(search_text) AS w
WHERE status = 'published' AND deleted_at IS NULL
GROUP BY 1, 2;
