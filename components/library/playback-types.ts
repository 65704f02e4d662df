import type { CardDisplay } from "./card-views";

/** What the playback provider opens, and its settings: shared by the provider and its lazily loaded overlay. */
export type OpenItem =
  | { kind: "workout"; workoutId: string; title: string; planId?: string; backToPlan?: { planId: string; title: string } }
  | { kind: "plan"; planId: string; title: string };

export interface PlaybackSettings {
  organizationId: string;
  mode: "overlay" | "dedicated-page";
  locale: string | null;
  signedIn: boolean;
  display: CardDisplay;
  /** The grid's view as a query string (orgId, flags, locale, filters), for links inside the overlay. */
  hrefBase: string;
}
