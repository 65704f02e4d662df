import type { ApiKeyRecord } from "@/db/queries/api-keys";
import type { OrganizationLimits } from "@/db/queries/organizations";
import { badRequest, forbidden } from "./errors";

/** What an embed token lets its player do (server/services/embed/embed-token.ts verifies and enforces it). */
export interface EmbedScope {
  tokenId: string;
  organizationId: string;
  /** The workouts it plays: its workout, or its plan's workouts. */
  workoutIds: ReadonlySet<string>;
  endUserId: string | null;
}

/**
 * Who is calling: an API key (team-scoped or multi-organization), optionally with a member
 * Bearer token that names the end user. Content-only keys never get this far (401).
 */
export class Caller {
  constructor(
    readonly apiKey: ApiKeyRecord | null,
    readonly member: { endUserId: string; organizationId: string } | null,
    readonly limits: OrganizationLimits,
    /** Overrides the subject derived from the key or the member (hosted pages count per organization). */
    subject?: string,
    /** Set for a player authenticated by an embed token (server/services/embed/embed-token.ts): what it may play. */
    readonly embed: EmbedScope | null = null,
  ) {
    this.rateLimitSubject = subject ?? (apiKey ? `key:${apiKey.id}` : embed ? `embed:${embed.tokenId}` : `member:${member?.endUserId}`);
  }

  /** The rate-limit subject: the key, or the member for Bearer-only calls. */
  readonly rateLimitSubject: string;

  get isMultiOrganization(): boolean {
    return this.apiKey?.kind === "multi";
  }

  canAccess(organizationId: string): boolean {
    if (this.apiKey) return this.apiKey.organizationIds.includes(organizationId);
    if (this.embed) return this.embed.organizationId === organizationId;
    return this.member?.organizationId === organizationId;
  }

  /** 403 unless this caller may act for the organization that owns a resource. */
  assertOrganization(organizationId: string): void {
    if (!this.canAccess(organizationId)) throw forbidden();
  }

  /**
   * The organization a call acts for when the path does not name one: a team key's own,
   * the member token's, or the `organizationId` a multi-organization key must send.
   */
  resolveOrganizationId(explicit: string | undefined, target: string): string {
    if ((this.member || this.embed) && !this.apiKey) {
      const own = this.embed?.organizationId ?? this.member!.organizationId;
      if (explicit && explicit !== own) throw forbidden();
      return own;
    }
    if (explicit) {
      this.assertOrganization(explicit);
      return explicit;
    }
    if (this.isMultiOrganization) throw badRequest("organizationId is required for keys that span several organizations.", target);
    return this.apiKey!.organizationId;
  }
}
