import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type ChatActionType, type CoachInfo, chatActions, chatConversations, chatMessages, planWorkouts, plans, workoutSessions, workouts } from "../schema";
import { type Translations, newId } from "../schema/columns";

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ActionRow = typeof chatActions.$inferSelect;

interface Owner {
  organizationId: string;
  endUserId: string;
}

export async function insertConversation(db: Tx, args: Owner & { title: string | null; locale: string }): Promise<ConversationRow> {
  const [row] = await db.insert(chatConversations).values(args).returning();
  return row!;
}

const ownedLive = (o: Owner) =>
  and(eq(chatConversations.organizationId, o.organizationId), eq(chatConversations.endUserId, o.endUserId), isNull(chatConversations.deletedAt));

/** A page of the member's live conversations, most recently active first, and their count. */
export async function listConversations(db: Tx, args: Owner & { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(chatConversations)
      .where(ownedLive(args))
      .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(chatConversations).where(ownedLive(args)),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A live conversation of the organization by id, whoever's it is (the caller checks the member). */
export async function findLiveConversation(db: Tx, args: { organizationId: string; conversationId: string }): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, args.conversationId), eq(chatConversations.organizationId, args.organizationId), isNull(chatConversations.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function softDeleteConversation(db: Tx, args: Owner & { conversationId: string }): Promise<boolean> {
  const rows = await db
    .update(chatConversations)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(chatConversations.id, args.conversationId), ownedLive(args)))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

export type NewMessage = Omit<typeof chatMessages.$inferInsert, "conversationId" | "position">;
export type NewAction = Omit<typeof chatActions.$inferInsert, "conversationId" | "messageId" | "position">;

/**
 * Appends messages (and the actions the last one proposes) after the conversation's last
 * message; call inside a transaction. One UPDATE advances the counters, names an untitled
 * conversation after its first member message and takes the row lock, so concurrent turns queue
 * and positions never collide; the inserts then go out together. Null when the conversation is
 * not there (or deleted, unless `evenDeleted`: an action's outcome is recorded all the same).
 */
export async function appendMessages(
  db: Tx,
  args: { conversationId: string; messages: NewMessage[]; actions?: NewAction[]; evenDeleted?: boolean },
): Promise<{ messages: MessageRow[]; actions: ActionRow[] } | null> {
  const { conversationId } = args;
  const firstUser = args.messages.find((m) => m.role === "user");
  const [counted] = await db
    .update(chatConversations)
    .set({
      messageCount: sql`${chatConversations.messageCount} + ${args.messages.length}`,
      lastMessageAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(firstUser ? { title: sql`coalesce(${chatConversations.title}, ${titleFrom(firstUser.content)})` } : {}),
    })
    .where(and(eq(chatConversations.id, conversationId), args.evenDeleted ? undefined : isNull(chatConversations.deletedAt)))
    .returning({ messageCount: chatConversations.messageCount });
  if (!counted) return null;
  const first = counted.messageCount - args.messages.length + 1;
  const rows = args.messages.map((m, i) => ({ ...m, id: m.id ?? newId(), conversationId, position: first + i }));
  const proposer = rows[rows.length - 1]!.id;
  const [messages, actions] = await Promise.all([
    db.insert(chatMessages).values(rows).returning(),
    args.actions?.length
      ? db
          .insert(chatActions)
          .values(args.actions.map((a, i) => ({ ...a, conversationId, messageId: proposer, position: i + 1 })))
          .returning()
      : Promise.resolve([] as ActionRow[]),
  ]);
  return { messages: messages.sort((a, b) => a.position - b.position), actions: actions.sort((a, b) => a.position - b.position) };
}

/** The first line of a message, cut at a word near 60 characters. */
export function titleFrom(content: string): string {
  const line = content.trim().split(/\r?\n/)[0]!.replace(/\s+/g, " ");
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(" ");
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export async function listMessages(db: Tx, args: { conversationId: string; limit: number; offset: number; order: "asc" | "desc" }): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, args.conversationId))
    .orderBy(args.order === "asc" ? asc(chatMessages.position) : desc(chatMessages.position))
    .limit(args.limit)
    .offset(args.offset);
}

/** The last `count` messages, oldest first (the model's view of the conversation). */
export async function listLastMessages(db: Tx, conversationId: string, count: number): Promise<MessageRow[]> {
  const rows = await listMessages(db, { conversationId, limit: count, offset: 0, order: "desc" });
  return rows.reverse();
}

/** The actions proposed by some messages, and those whose outcome some messages record. */
export async function listActionsOfMessages(db: Tx, args: { messageIds: string[]; actionIds: string[] }): Promise<ActionRow[]> {
  if (args.messageIds.length === 0 && args.actionIds.length === 0) return [];
  return db
    .select()
    .from(chatActions)
    .where(
      or(
        args.messageIds.length ? inArray(chatActions.messageId, args.messageIds) : undefined,
        args.actionIds.length ? inArray(chatActions.id, args.actionIds) : undefined,
      ),
    )
    .orderBy(asc(chatActions.position));
}

/** The outcome messages of some actions (action id -> message id). */
export async function listResultMessageIds(db: Tx, actionIds: string[]): Promise<Map<string, string>> {
  if (actionIds.length === 0) return new Map();
  const rows = await db.select({ id: chatMessages.id, actionId: chatMessages.actionId }).from(chatMessages).where(inArray(chatMessages.actionId, actionIds));
  return new Map(rows.map((r) => [r.actionId!, r.id]));
}

/** Still-confirmable proposals of a conversation, newest first. */
export async function listPendingActions(db: Tx, conversationId: string, limit = 5): Promise<ActionRow[]> {
  return db
    .select()
    .from(chatActions)
    .where(and(eq(chatActions.conversationId, conversationId), eq(chatActions.status, "pending"), sql`${chatActions.expiresAt} > now()`))
    .orderBy(desc(chatActions.createdAt), asc(chatActions.position))
    .limit(limit);
}

export async function findAction(db: Tx, args: { conversationId: string; actionId: string }): Promise<ActionRow | null> {
  const [row] = await db
    .select()
    .from(chatActions)
    .where(and(eq(chatActions.id, args.actionId), eq(chatActions.conversationId, args.conversationId)))
    .limit(1);
  return row ?? null;
}

/**
 * Claims a pending, unexpired action for execution in one conditional UPDATE: of two concurrent
 * confirms only one gets the row. Null when it is not (or no longer) pending.
 */
export async function claimAction(db: Tx, actionId: string): Promise<ActionRow | null> {
  const [row] = await db
    .update(chatActions)
    .set({ status: "executing", claimedAt: sql`now()` })
    .where(and(eq(chatActions.id, actionId), eq(chatActions.status, "pending"), sql`${chatActions.expiresAt} > now()`))
    .returning();
  return row ?? null;
}

/** Gives a claimed action back (its execution failed and wrote nothing). */
export async function releaseAction(db: Tx, actionId: string): Promise<void> {
  await db
    .update(chatActions)
    .set({ status: "pending", claimedAt: null })
    .where(and(eq(chatActions.id, actionId), eq(chatActions.status, "executing")));
}

/** Marks a claimed action confirmed with its outcome; null when the claim was lost. */
export async function completeAction(db: Tx, actionId: string, result: unknown): Promise<ActionRow | null> {
  const [row] = await db
    .update(chatActions)
    .set({ status: "confirmed", confirmedAt: sql`now()`, result })
    .where(and(eq(chatActions.id, actionId), eq(chatActions.status, "executing")))
    .returning();
  return row ?? null;
}

export type { ChatActionType, CoachInfo };

// ---------------------------------------------------------------------------------------------
// What the coach reads about a member

export interface RecentSessionRow {
  id: string;
  workoutId: string;
  workoutName: Translations;
  status: "started" | "completed";
  duration: number;
  expectedDuration: number;
  progress: number;
  createdAt: Date;
  completedAt: Date | null;
}

/** The member's latest sessions in the organization, newest first, with their workouts' names. */
export async function listRecentSessions(db: Tx, args: Owner & { limit: number }): Promise<RecentSessionRow[]> {
  return db
    .select({
      id: workoutSessions.id,
      workoutId: workoutSessions.workoutId,
      workoutName: workouts.name,
      status: workoutSessions.status,
      duration: workoutSessions.duration,
      expectedDuration: workoutSessions.expectedDuration,
      progress: workoutSessions.progress,
      createdAt: workoutSessions.createdAt,
      completedAt: workoutSessions.completedAt,
    })
    .from(workoutSessions)
    .innerJoin(workouts, eq(workouts.id, workoutSessions.workoutId))
    .where(and(eq(workoutSessions.endUserId, args.endUserId), eq(workoutSessions.organizationId, args.organizationId)))
    .orderBy(desc(workoutSessions.createdAt))
    .limit(args.limit);
}

export interface CoachWorkoutRow {
  id: string;
  name: Translations;
  duration: number;
  difficulty: "beginner" | "intermediate" | "advanced";
  source: string;
}

const coachWorkoutColumns = { id: workouts.id, name: workouts.name, duration: workouts.duration, difficulty: workouts.difficulty, source: workouts.source };
const assignable = (organizationId: string) =>
  and(eq(workouts.organizationId, organizationId), eq(workouts.status, "published"), isNull(workouts.deletedAt), inArray(workouts.visibility, ["public", "private"]));

/**
 * Published workouts of the organization whose name (English or `locale`) appears in a text, the
 * longest names first: how the coach finds the workout a member names.
 */
export async function findWorkoutsNamedIn(db: Tx, args: { organizationId: string; text: string; locale: string; limit: number }): Promise<CoachWorkoutRow[]> {
  const text = args.text.toLowerCase();
  const en = sql`lower(${workouts.name}->>'en-US')`;
  const loc = sql`lower(${workouts.name}->>${args.locale})`;
  return db
    .select(coachWorkoutColumns)
    .from(workouts)
    .where(
      and(
        assignable(args.organizationId),
        sql`((length(${en}) >= 4 and strpos(${text}, ${en}) > 0) or (length(${loc}) >= 4 and strpos(${text}, ${loc}) > 0))`,
      ),
    )
    .orderBy(sql`greatest(length(${en}), coalesce(length(${loc}), 0)) desc`)
    .limit(args.limit);
}

/** The organization's published workouts among `ids` (for names and eligibility). */
export async function findCoachWorkouts(db: Tx, organizationId: string, ids: string[]): Promise<CoachWorkoutRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(coachWorkoutColumns)
    .from(workouts)
    .where(and(assignable(organizationId), inArray(workouts.id, ids)));
}

/** Team workouts among `ids` that have exercise segments: the ones adapt accepts. */
export async function findAdaptableWorkoutIds(db: Tx, organizationId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(
      and(
        eq(workouts.organizationId, organizationId),
        isNull(workouts.deletedAt),
        eq(workouts.source, "team"),
        inArray(workouts.id, ids),
        sql`exists (select 1 from workout_segments s where s.workout_id = ${workouts.id} and s.kind in ('exercise', 'multiExercise'))`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export type CoachPlanRow = {
  id: string;
  name: Translations;
  difficulty: "beginner" | "intermediate" | "advanced";
  durationWeeks: number;
  daysPerWeek: number;
  visibility: string;
  inLibrary: boolean;
};

/**
 * Plans the member could start: trainer-owned published public or private plans of the
 * organization and plans made for this member: those in the member's library first, then public ones.
 */
export async function listStartablePlans(db: Tx, args: Owner & { limit: number }): Promise<CoachPlanRow[]> {
  const rows = await db.execute<CoachPlanRow>(sql`
    select p.id, p.name, p.difficulty, p.duration_weeks as "durationWeeks", p.days_per_week as "daysPerWeek", p.visibility,
      exists (select 1 from library_plans lp where lp.end_user_id = ${args.endUserId} and lp.plan_id = p.id) as "inLibrary"
    from ${plans} p
    where p.organization_id = ${args.organizationId} and p.deleted_at is null
      and ((p.status = 'published' and p.visibility in ('public', 'private') and p.trainer_id is not null)
        or p.end_user_id = ${args.endUserId})
      and exists (select 1 from ${planWorkouts} pw where pw.plan_id = p.id)
    order by "inLibrary" desc, (p.visibility = 'public') desc, p.created_at desc
    limit ${args.limit}
  `);
  return [...rows];
}

/**
 * For each workout, the share of its exercise work on the given muscle groups (0..1: the clips'
 * shares on them, averaged over the workout's exercise segments).
 */
export async function muscleFocusShares(db: Tx, workoutIds: string[], muscleGroupIds: string[]): Promise<Map<string, number>> {
  if (workoutIds.length === 0 || muscleGroupIds.length === 0) return new Map();
  const list = (ids: string[]) => sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.execute<{ id: string; share: number }>(sql`
    select s.workout_id as id, (sum(coalesce(m.share, 0)) / count(distinct s.id))::float as share
    from workout_segments s
    left join video_asset_muscle_groups m on m.video_asset_id = s.video_asset_id and m.muscle_group_id in (${list(muscleGroupIds)})
    where s.workout_id in (${list(workoutIds)}) and s.kind = 'exercise'
    group by s.workout_id
  `);
  return new Map([...rows].map((r) => [r.id, Number(r.share)]));
}
