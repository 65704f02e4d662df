/**
 * One description per OpenAPI tag (the `tag` of each operation declaration). A tag without an
 * entry here fails the OpenAPI test, so every group in the reference says what it holds.
 */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Metadata:
    "Reference data for building filters and forms: workout categories and difficulties, equipment, muscle groups and collections, plan goals, feedback options and the organization's branding and module flags.",
  Workouts: "Single workouts by id: the workout document, its playlist of playable segments, its music pool and export stream URLs.",
  "Organization library":
    "The organization's published content: workout and plan lists with filters and search, exercise groups and the plan-gated stock exercise catalog.",
  Plans: "Multi-week plans (programs) by id and the workouts of a plan in schedule order.",
  "Video assets": "Exercise clips by id, with their localized instruction audio.",
  "End users": "The organization's members (end users).",
  "End-user library": "A member's library: assign and unassign workouts and plans (all or nothing), start, end and follow the active plan.",
  "Push notifications":
    "Devices where a member receives assignment and plan notifications: FCM registration tokens of partner apps and Web Push subscriptions of browsers.",
  "Workout sessions": "Playback tracking: start, progress, end or complete a workout session, and rate it with the organization's feedback options.",
  AI: "Recommend existing workouts and plans, generate new ones, adapt team content to a member, and inspect the methodology (Programming DNA) applied.",
  Insights: "Member health data and nutrition writes, and the daily AI insights digest with per-pillar drill-downs.",
  "Content autopilot": "Scheduled AI content: tasks that generate, adapt or publish workouts and plans on a schedule, and the events of their runs.",
  "workouts-cast":
    "TV cast pairing: a display creates a session (6-digit code, QR), one phone controller joins, loads and starts a workout and sends control actions; every command is also broadcast on the Socket.IO namespace /cast/pairing.",
  "Social drops": "Short ready-to-post videos cut from workspace content, with covers and copy packs, exported per channel preset.",
  "Social publish": "Automations that publish drops to connected social accounts on a schedule, with the 422 rule for accounts that are not connected.",
  Webhooks:
    "Signed event notifications (Standard Webhooks): register endpoints, rotate secrets, read the delivery log and replay. Payloads of every event type are under Webhooks.",
  "Embed tokens":
    "Short-lived signed tokens for the embed players: minted on the partner's server for one workout or plan (and optionally one member), put in the player's address instead of an API key, limited to allowed framing origins, and revocable.",
  Usage: "Caps, current rate-limit windows and usage per key and operation.",
  Analytics:
    "What works: plays, completions, drop-off along the playlist and feedback per workout and plan, members' adherence and who needs attention, and the workspace dashboard. Read from rollups kept by the writes themselves.",
  "AI coach chat":
    "Conversations of a member with the AI coach: replies grounded in the member's sessions, plan, insights and library, with proposed actions (assign, start or end a plan, generate or adapt a workout) that run only when confirmed.",
};
