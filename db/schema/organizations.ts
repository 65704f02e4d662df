import { boolean, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export interface Branding {
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  watermarkUrl: string | null;
}

export interface ModuleFlags {
  workouts: boolean;
  plans: boolean;
  insights: boolean;
  chat: boolean;
  cast: boolean;
  drops: boolean;
  autopilot: boolean;
  socialPublish: boolean;
}

export interface Entitlements {
  /** Browse the stock clip catalog (GET /stock-exercises). */
  stockCatalog: boolean;
  premiumStock: boolean;
  /** Minutes of autopilot-generated content per month. */
  autopilotMinutesLimit: number;
}

/** Subscription plans and their weighted rate-limit caps (trial caps are 1/100 of these). */
export const SUBSCRIPTION_PLANS = ["starter", "growth", "enterprise", "internal"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const organizations = pgTable("organizations", {
  id: id(),
  name: text().notNull(),
  branding: jsonb().$type<Branding>().notNull(),
  modules: jsonb().$type<ModuleFlags>().notNull(),
  aiChatEnabled: boolean().notNull().default(true),
  aiRecommendationsEnabled: boolean().notNull().default(true),
  aiGenerationEnabled: boolean().notNull().default(true),
  insightsEnabled: boolean().notNull().default(true),
  subscriptionPlan: text().$type<SubscriptionPlan>().notNull().default("starter"),
  isTrial: boolean().notNull().default(false),
  /** Overrides of the plan's caps (weighted units); null means the plan default. */
  hourlyCap: integer(),
  dailyCap: integer(),
  entitlements: jsonb().$type<Entitlements>().notNull(),
  defaultLocale: text().notNull().default("en-US"),
  timeZone: text().notNull().default("UTC"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
