import { sql } from "drizzle-orm";
import { categoryId } from "@/db/seed/reference";
import { listOrganizationWorkouts } from "@/server/api/operations/workouts";
import { explainWorkoutList, listWorkoutsInput } from "@/server/services/content/list-workouts";
import { createApiKey, createOrganization } from "@/server/services/organizations/create-organization";
import { markExportsChecked } from "../export-checks";
import type { BenchContext, BenchRequest, Scenario } from "../types";

/**
 * Issue #3: the org workout list on a workspace of 100,000 workouts (search and filters) and the
 * playlist of the seeded 40-segment workout.
 *
 * The workspace is bulk-inserted in a few generate_series statements: names and descriptions in
 * five languages (search documents of about 600 characters, like the seeded ones), three
 * difficulties, both visibilities, 2% drafts, durations from 10 to 70 minutes, two categories
 * and six exercise segments (seed clips) per workout, so list items carry real facets.
 */
const WORKOUTS = 100_000;

// Word lists: [en, de, fr, es, nb]
const ADJ = [
  ["Power", "Kraftvoll", "Puissant", "Potente", "Kraftig"],
  ["Lean", "Schlank", "Affiné", "Ligero", "Slank"],
  ["Rapid", "Schnell", "Rapide", "Rápido", "Rask"],
  ["Steady", "Stetig", "Régulier", "Constante", "Jevn"],
  ["Explosive", "Explosiv", "Explosif", "Explosivo", "Eksplosiv"],
  ["Gentle", "Sanft", "Doux", "Suave", "Rolig"],
  ["Intense", "Intensiv", "Intense", "Intenso", "Intens"],
  ["Dynamic", "Dynamisch", "Dynamique", "Dinámico", "Dynamisk"],
  ["Balanced", "Ausgewogen", "Équilibré", "Equilibrado", "Balansert"],
  ["Fierce", "Wild", "Féroce", "Feroz", "Heftig"],
  ["Bold", "Mutig", "Audacieux", "Audaz", "Modig"],
  ["Swift", "Flink", "Vif", "Veloz", "Kvikk"],
  ["Solid", "Solide", "Solide", "Sólido", "Solid"],
  ["Total", "Total", "Total", "Total", "Total"],
  ["Daily", "Täglich", "Quotidien", "Diario", "Daglig"],
  ["Urban", "Urban", "Urbain", "Urbano", "Urban"],
];
const FOCUS = [
  ["Core", "Rumpf", "Gainage", "Abdomen", "Kjerne"],
  ["Glute", "Po", "Fessiers", "Glúteos", "Sete"],
  ["Leg", "Bein", "Jambes", "Piernas", "Bein"],
  ["Arm", "Arm", "Bras", "Brazos", "Arm"],
  ["Back", "Rücken", "Dos", "Espalda", "Rygg"],
  ["Chest", "Brust", "Pectoraux", "Pecho", "Bryst"],
  ["Shoulder", "Schulter", "Épaules", "Hombros", "Skulder"],
  ["Cardio", "Cardio", "Cardio", "Cardio", "Kondisjon"],
  ["Mobility", "Mobilität", "Mobilité", "Movilidad", "Mobilitet"],
  ["Balance", "Gleichgewicht", "Équilibre", "Equilibrio", "Balanse"],
  ["Hip", "Hüfte", "Hanches", "Cadera", "Hofte"],
  ["Posture", "Haltung", "Posture", "Postura", "Holdning"],
  ["Stamina", "Ausdauer", "Endurance", "Resistencia", "Utholdenhet"],
  ["Strength", "Kraft", "Force", "Fuerza", "Styrke"],
  ["Stretch", "Dehnung", "Étirement", "Estiramiento", "Tøying"],
  ["Agility", "Agilität", "Agilité", "Agilidad", "Smidighet"],
  ["Plyo", "Sprungkraft", "Pliométrie", "Pliometría", "Spenst"],
  ["Kettlebell", "Kettlebell", "Kettlebell", "Pesa rusa", "Kettlebell"],
  ["Dumbbell", "Kurzhantel", "Haltères", "Mancuernas", "Manualer"],
  ["Band", "Widerstandsband", "Élastique", "Banda", "Strikk"],
  ["Yoga", "Yoga", "Yoga", "Yoga", "Yoga"],
  ["Pilates", "Pilates", "Pilates", "Pilates", "Pilates"],
  ["Boxing", "Boxen", "Boxe", "Boxeo", "Boksing"],
  ["Spine", "Wirbelsäule", "Colonne", "Columna", "Ryggrad"],
];
const FORMAT = [
  ["Blast", "Explosion", "Explosion", "Explosión", "Eksplosjon"],
  ["Circuit", "Zirkel", "Circuit", "Circuito", "Sirkel"],
  ["Burner", "Brenner", "Brûleur", "Quemador", "Brenner"],
  ["Builder", "Aufbau", "Construction", "Constructor", "Bygger"],
  ["Flow", "Flow", "Enchaînement", "Secuencia", "Flyt"],
  ["Ladder", "Leiter", "Échelle", "Escalera", "Stige"],
  ["Session", "Einheit", "Séance", "Sesión", "Økt"],
  ["Sculpt", "Formung", "Sculpt", "Modelado", "Forming"],
  ["Express", "Express", "Express", "Exprés", "Ekspress"],
  ["Challenge", "Herausforderung", "Défi", "Reto", "Utfordring"],
  ["Intervals", "Intervalle", "Intervalles", "Intervalos", "Intervaller"],
  ["Reset", "Neustart", "Remise à zéro", "Reinicio", "Omstart"],
];
const LOCALES = ["en-US", "de-DE", "fr-FR", "es-ES", "nb-NO"];

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arrayLiteral = (xs: string[]) => `array[${xs.map(literal).join(",")}]`;
const at = (list: string, idx: string) => `(${list})[1 + ${idx}]`;

interface Workspace {
  organizationId: string;
  apiKey: string;
}

let workspace: Promise<Workspace> | null = null;

/** Creates the 100k-workout workspace once per bench run (both list scenarios use it). */
function bigWorkspace(ctx: BenchContext): Promise<Workspace> {
  workspace ??= (async () => {
    const started = Date.now();
    const db = ctx.db;
    const organizationId = await createOrganization(db, { name: "Bench: 100k workouts", subscriptionPlan: "internal" });
    const { key: apiKey } = await createApiKey(db, { organizationId, kind: "team", name: "bench" });
    await db.execute(sql`insert into trainers (id, organization_id, name, preferred_locale) values
      (${`${organizationId.slice(0, 20)}0001`}, ${organizationId}, 'Bench Coach A', 'en-US'),
      (${`${organizationId.slice(0, 20)}0002`}, ${organizationId}, 'Bench Coach B', 'de-DE')`);

    // Per-language columns of the three word lists, indexed by i: adjective i % 16, focus (i / 16) % 24, format (i / 384) % 12.
    const cols = LOCALES.map((_, l) => ({
      a: at(arrayLiteral(ADJ.map((w) => w[l]!)), `(i % ${ADJ.length})`),
      f: at(arrayLiteral(FOCUS.map((w) => w[l]!)), `((i / ${ADJ.length}) % ${FOCUS.length})`),
      m: at(arrayLiteral(FORMAT.map((w) => w[l]!)), `((i / ${ADJ.length * FOCUS.length}) % ${FORMAT.length})`),
    }));
    const nameSql = (l: number) => `${cols[l]!.a} || ' ' || ${cols[l]!.f} || ' ' || ${cols[l]!.m} || ' ' || i`;
    // One description template per language, filled with that language's words.
    const descSql = [
      `'A ' || lower(${cols[0]!.a}) || ' ' || lower(${cols[0]!.f}) || ' ' || lower(${cols[0]!.m}) || ' for every level: focused work blocks, short rests and a calm finish.'`,
      `${cols[1]!.a} || ' ' || ${cols[1]!.f} || '-' || ${cols[1]!.m} || ' für jedes Level: konzentrierte Arbeitsblöcke, kurze Pausen und ein ruhiger Ausklang.'`,
      `${cols[2]!.m} || ' ' || lower(${cols[2]!.f}) || ' ' || lower(${cols[2]!.a}) || ' pour tous les niveaux : blocs de travail ciblés, courtes pauses et retour au calme.'`,
      `${cols[3]!.m} || ' de ' || lower(${cols[3]!.f}) || ' ' || lower(${cols[3]!.a}) || ' para todos los niveles: bloques de trabajo, descansos cortos y un final tranquilo.'`,
      `${cols[4]!.a} || ' ' || lower(${cols[4]!.f}) || '-' || lower(${cols[4]!.m}) || ' for alle nivåer: fokuserte arbeidsblokker, korte pauser og en rolig avslutning.'`,
    ];
    const nameJson = `jsonb_build_object(${LOCALES.map((l, i) => `${literal(l)}, ${nameSql(i)}`).join(", ")})`;
    const descJson = `jsonb_build_object(${LOCALES.map((l, i) => `${literal(l)}, ${descSql[i]}`).join(", ")})`;
    const searchText = `lower(${[...LOCALES.map((_, i) => nameSql(i)), ...descSql].join(` || ' • ' || `)})`;
    const idOf = (expr: string) => `${literal(organizationId.slice(0, 8))} || lpad(to_hex(${expr}), 16, '0')`;

    await db.execute(
      sql.raw(`
      insert into workouts (id, organization_id, trainer_id, name, description, search_text, duration, difficulty, visibility, status,
        allow_assessment, custom_categories, created_at, updated_at, published_at)
      select ${idOf("i")}, ${literal(organizationId)}, ${literal(organizationId.slice(0, 20))} || lpad((1 + i % 2)::text, 4, '0'),
        ${nameJson}, ${descJson}, ${searchText},
        600 + (i * 37 % 3601), (array['beginner','intermediate','advanced'])[1 + i % 3],
        case when i % 5 = 0 then 'private' else 'public' end, case when i % 50 = 0 then 'draft' else 'published' end,
        i % 7 = 0, case when i % 11 = 0 then array['Studio Favourites'] else '{}'::text[] end,
        now() - make_interval(mins => i), now() - make_interval(mins => (i * 7919) % 100000), now() - make_interval(mins => i)
      from generate_series(1, ${WORKOUTS}) i`),
    );
    const categories = (await db.execute<{ id: string }>(sql`select id from categories order by sort_order, key`)).map((r) => r.id);
    await db.execute(
      sql.raw(`
      insert into workout_categories (workout_id, category_id)
      select ${idOf("i")}, c from generate_series(1, ${WORKOUTS}) i,
        lateral (select distinct unnest(array[(${arrayLiteral(categories)})[1 + i % ${categories.length}], (${arrayLiteral(categories)})[1 + (i / 3) % ${categories.length}]]) c) x`),
    );
    const clips = (
      await db.execute<{ id: string }>(
        sql`select id from video_assets where organization_id = ${ctx.seed.organizationId} and kind = 'single-exercise' and deleted_at is null order by created_at`,
      )
    ).map((r) => r.id);
    await db.execute(
      sql.raw(`
      insert into workout_segments (id, workout_id, position, kind, video_asset_id, duration_seconds, work_seconds, pace)
      select ${literal(organizationId.slice(0, 6))} || lpad(to_hex(i * 8 + p), 18, '0'), ${idOf("i")}, p, 'exercise',
        (${arrayLiteral(clips)})[1 + (i + p * 7) % ${clips.length}], 30 + 10 * (p % 3), 30 + 10 * (p % 3), 'moderate'
      from generate_series(1, ${WORKOUTS}) i, generate_series(0, 5) p`),
    );
    await markExportsChecked(db, organizationId);
    await db.execute(sql`vacuum analyze workouts`);
    await db.execute(sql`vacuum analyze workout_categories`);
    await db.execute(sql`vacuum analyze workout_segments`);
    console.error(`  prepared ${WORKOUTS} workouts in ${Math.round((Date.now() - started) / 1000)} s`);
    return { organizationId, apiKey };
  })();
  return workspace;
}

/** Query plans of the list scenarios' requests on the 100k workspace, as PostgreSQL picks them. */
const plans = { lines: [] as string[], seqScans: 0 };

/**
 * EXPLAIN ANALYZEs every statement the list requests in `paths` run (page and total; for a
 * misspelled search also the spelling lookup and the corrected search), with the planner's own
 * settings on the real 100,000-workout data.
 */
async function explainPaths(ctx: BenchContext, organizationId: string, paths: string[]): Promise<void> {
  for (const p of paths) {
    const search = new URL(p, "http://x").searchParams;
    const query = listOrganizationWorkouts.query!.parse(Object.fromEntries(search));
    const found = await explainWorkoutList(ctx.db, organizationId, listWorkoutsInput(query), { analyze: true });
    const parts = found.map((f) => {
      plans.seqScans += f.scans.seqScans.length;
      const seq = f.scans.seqScans.length ? `; SEQ SCAN on ${f.scans.seqScans.join(", ")}` : "";
      return `${f.statement} ${f.scans.executionMs?.toFixed(1)} ms: ${f.scans.indexes.join(", ") || "no index"}${seq}`;
    });
    plans.lines.push(`- \`?${decodeURIComponent(search.toString())}\`: ${parts.join("; ")}`);
  }
}

const planFindings = () =>
  plans.lines.length
    ? {
        title: "Query plans of the 100k-workout list requests",
        lines: [
          `EXPLAIN ANALYZE of every statement the two list scenarios' requests run (page and exact total; for a misspelled search also the spelling lookup and the corrected search), planned by PostgreSQL with its default settings on the 100,000-workout workspace after \`vacuum analyze\`: each statement's execution time (run once before the scenario: what the first request of a URL costs in the database, before the response cache) and the indexes its plan reads. Sequential scans: ${plans.seqScans}.`,
          "",
          ...plans.lines,
        ],
      }
    : null;

/** The seeded workout whose playlist has exactly 40 segments (Full-Body Ladder). */
async function fortySegmentWorkout(ctx: BenchContext): Promise<string> {
  const rows = await ctx.db.execute<{ id: string }>(sql`
    select w.id from workouts w
    where w.organization_id = ${ctx.seed.organizationId} and w.status = 'published' and w.deleted_at is null
      and (select count(*) from workout_segments s where s.workout_id = w.id) = 40
    order by w.created_at limit 1`);
  if (!rows[0]) throw new Error("the seed has no 40-segment workout");
  return rows[0].id;
}

export const scenarios: Scenario[] = [
  {
    name: "GET /v1/orgs/{org}/workouts?q=… (100k workouts, fuzzy search)",
    issue: "#3",
    target: "p95 < 30 ms, no seq scan",
    passes: (r) => r.p95 < 30 && plans.seqScans === 0,
    connections: 50,
    repeats: 3,
    rankBy: "p95",
    findings: planFindings,
    prepare: async (ctx) => {
      const { organizationId, apiKey } = await bigWorkspace(ctx);
      const headers = { "x-api-key": apiKey };
      const queries = [
        "core",
        "glute blast",
        "kraft",
        "mobilité",
        "stretch reset",
        "kettlebell",
        "yoga flow",
        "posture",
        "boxing intervals",
        "rumpf",
        "abdomen",
        "spine",
        // misspelled: no substring matches, so the spelling fallback (workspace vocabulary) answers
        "strech",
        "kettlebel flow",
        "mobilty",
      ];
      const requests = queries.flatMap((q, i): BenchRequest[] => [
        { path: `/v1/orgs/${organizationId}/workouts?q=${encodeURIComponent(q)}`, headers },
        { path: `/v1/orgs/${organizationId}/workouts?q=${encodeURIComponent(q)}&locale=${LOCALES[i % LOCALES.length]}&limit=10&offset=10`, headers },
      ]);
      await explainPaths(
        ctx,
        organizationId,
        requests.map((r) => r.path),
      );
      return requests;
    },
  },
  {
    name: "GET /v1/orgs/{org}/workouts with filters and sorts (100k workouts)",
    issue: "#3",
    target: "p95 < 30 ms, no seq scan",
    passes: (r) => r.p95 < 30 && plans.seqScans === 0,
    connections: 50,
    repeats: 3,
    rankBy: "p95",
    prepare: async (ctx) => {
      const { organizationId, apiKey } = await bigWorkspace(ctx);
      const headers = { "x-api-key": apiKey };
      const base = `/v1/orgs/${organizationId}/workouts`;
      const filters = [
        "",
        "?offset=200",
        "?difficulty=beginner&duration=20-45",
        "?visibility=private&sort=-duration",
        `?categoryIds=${categoryId("strength")}&sort=-createdAt`,
        `?categoryIds=${categoryId("yoga")},${categoryId("mobility")}&visibility=public`,
        "?allowAssessment=true&difficulty=advanced",
        "?sort=name&locale=en-US",
        "?sort=-updatedAt&limit=50",
        "?duration=60-&sort=difficulty",
        "?categoryIds=custom:Studio%20Favourites&sort=-updatedAt",
        "?difficulty=intermediate&visibility=public&duration=-30&sort=duration",
      ];
      const requests = filters.map((f) => ({ path: `${base}${f}`, headers }));
      await explainPaths(
        ctx,
        organizationId,
        requests.map((r) => r.path),
      );
      return requests;
    },
    findings: planFindings,
  },
  {
    name: "GET /v1/workouts/{id}/playlist, 40-segment workout",
    issue: "#3",
    target: "p99 < 15 ms",
    passes: (r) => r.p99 < 15,
    connections: 50,
    repeats: 3,
    prepare: async (ctx) => {
      const id = await fortySegmentWorkout(ctx);
      const headers = { "x-api-key": ctx.seed.apiKey };
      return [
        { path: `/v1/workouts/${id}/playlist`, headers },
        { path: `/v1/workouts/${id}/playlist?locale=de-DE`, headers },
      ];
    },
  },
];
