"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch } from "./api";
import { useSubmission } from "./use-submission";
import { Badge, ConfirmButton, FormMessage, PageHeader } from "./widgets";

export interface Methodology {
  id: string;
  name: string;
  version: string;
  applicability: "workout" | "plan" | "both";
  scope: "team" | "personal";
  isTeamDefault: boolean;
  isActive: boolean;
  ruleSummary: string;
  guidance: string;
  rules: { [key: string]: unknown } | object;
  updatedAt: string;
}

const NUMBER_RULES = [
  ["workSecondsMin", "Work at least (s)"],
  ["workSecondsMax", "Work at most (s)"],
  ["restSecondsMin", "Rest at least (s)"],
  ["restSecondsMax", "Rest at most (s)"],
  ["maxConsecutiveSetsPerMuscleGroup", "Sets in a row per muscle group, at most"],
  ["maxRpe", "RPE at most (1-10)"],
] as const;

function ProfileForm({ orgId, profile, onSaved, onCancel }: { orgId: string; profile: Methodology | null; onSaved: () => void; onCancel: () => void }) {
  const { busy, error, fields, submit } = useSubmission();
  const rules = (profile?.rules ?? {}) as Record<string, unknown>;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const d = new FormData(e.currentTarget);
        const ruleValues: Record<string, unknown> = {};
        for (const [key] of NUMBER_RULES) {
          const v = d.get(key);
          if (v !== null && v !== "") ruleValues[key] = Number(v);
        }
        if (d.get("maxImpact")) ruleValues.maxImpact = d.get("maxImpact");
        if (d.get("requireWarmup")) ruleValues.requireWarmup = true;
        if (d.get("requireCooldown")) ruleValues.requireCooldown = true;
        if (Array.isArray(rules.bannedExerciseIds)) ruleValues.bannedExerciseIds = rules.bannedExerciseIds;
        if (rules.workRestRatio) ruleValues.workRestRatio = rules.workRestRatio;
        const banned = String(d.get("bannedMovementPatterns") ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        if (banned.length) ruleValues.bannedMovementPatterns = banned;
        const body = {
          name: d.get("name"),
          version: d.get("version") || "1.0",
          applicability: d.get("applicability"),
          scope: d.get("scope"),
          isTeamDefault: d.get("isTeamDefault") === "on",
          isActive: d.get("isActive") === "on",
          ruleSummary: d.get("ruleSummary"),
          guidance: d.get("guidance") ?? "",
          rules: ruleValues,
        };
        await submit(async () => {
          await consoleFetch(profile ? `/api/console/orgs/${orgId}/methodologies/${profile.id}` : `/api/console/orgs/${orgId}/methodologies`, {
            method: profile ? "PATCH" : "POST",
            body,
          });
          onSaved();
        });
      }}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
        <Field label="Name" error={fields.name}>
          {(p) => <Input {...p} name="name" defaultValue={profile?.name ?? ""} />}
        </Field>
        <Field label="Version" error={fields.version}>
          {(p) => <Input {...p} name="version" defaultValue={profile?.version ?? "1.0"} />}
        </Field>
      </div>
      <Field label="Rule summary" hint="One sentence; the API's profile list shows it." error={fields.ruleSummary}>
        {(p) => <Input {...p} name="ruleSummary" defaultValue={profile?.ruleSummary ?? ""} />}
      </Field>
      <Field label="Guidance" hint="Private coaching text the generator follows; never returned by the API." error={fields.guidance}>
        {(p) => <Textarea {...p} name="guidance" defaultValue={profile?.guidance ?? ""} />}
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Applies to" error={fields.applicability}>
          {(p) => (
            <Select {...p} name="applicability" defaultValue={profile?.applicability ?? "both"}>
              <option value="both">Workouts and plans</option>
              <option value="workout">Workouts</option>
              <option value="plan">Plans</option>
            </Select>
          )}
        </Field>
        <Field label="Scope" error={fields.scope}>
          {(p) => (
            <Select {...p} name="scope" defaultValue={profile?.scope ?? "team"}>
              <option value="team">Team</option>
              <option value="personal">Personal (mine)</option>
            </Select>
          )}
        </Field>
      </div>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium">Hard rules</legend>
        {NUMBER_RULES.map(([key, label]) => (
          <Field key={key} label={label} error={fields[`rules.${key}`]}>
            {(p) => <Input {...p} name={key} type="number" defaultValue={rules[key] === undefined ? "" : String(rules[key])} />}
          </Field>
        ))}
        <Field label="Impact at most" error={fields["rules.maxImpact"]}>
          {(p) => (
            <Select {...p} name="maxImpact" defaultValue={(rules.maxImpact as string) ?? ""}>
              <option value="">Any</option>
              <option value="low">Low</option>
              <option value="high">High</option>
            </Select>
          )}
        </Field>
        <Field label="Banned movement patterns" hint="Comma-separated: plyometric, hinge..." error={fields["rules.bannedMovementPatterns"] ?? fields["rules.bannedMovementPatterns.0"]}>
          {(p) => <Input {...p} name="bannedMovementPatterns" defaultValue={Array.isArray(rules.bannedMovementPatterns) ? rules.bannedMovementPatterns.join(", ") : ""} />}
        </Field>
      </fieldset>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="requireWarmup" defaultChecked={rules.requireWarmup === true} /> Warm-up required
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="requireCooldown" defaultChecked={rules.requireCooldown === true} /> Cool-down required
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="isActive" defaultChecked={profile?.isActive ?? true} /> Active
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="isTeamDefault" defaultChecked={profile?.isTeamDefault ?? false} /> Team default
        </label>
      </div>
      {fields.isTeamDefault ? <p className="text-sm text-danger">{fields.isTeamDefault}</p> : null}
      <FormMessage error={error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : profile ? "Save profile" : "Create profile"}
        </Button>
      </div>
    </form>
  );
}

/** Programming DNA: the workspace's methodology profiles (at most 10), with the generations that used each. */
export function DnaManager({ orgId, initial }: { orgId: string; initial: { items: Methodology[]; total: number; limit: number } }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Methodology | "new" | null>(null);
  const [notice, setNotice] = useState<{ error?: string; success?: string }>({});
  const key = ["methodologies", orgId];
  const list = useQuery({ queryKey: key, queryFn: () => consoleFetch<typeof initial>(`/api/console/orgs/${orgId}/methodologies?limit=50`), initialData: initial });
  const data = list.data;
  return (
    <>
      <PageHeader
        title="Programming DNA"
        description={`Methodology profiles steer the AI generator's rules. ${data.total} of at most ${data.limit} in this workspace.`}
        actions={<Button onClick={() => setEditing("new")}>New profile</Button>}
      />
      <FormMessage error={notice.error} success={notice.success} />
      {list.isFetching && !data ? <Spinner /> : null}
      <ul className="mt-3 grid grid-cols-1 gap-3 lg:grid-cols-2">
        {data.items.map((m) => (
          <li key={m.id} data-methodology-id={m.id} className="rounded-xl border border-line bg-card p-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="min-w-0 flex-1 truncate font-semibold">{m.name}</h2>
              <span className="text-xs text-muted">v{m.version}</span>
            </div>
            <div className="mt-1 flex flex-wrap gap-1">
              {m.isTeamDefault ? <Badge tone="good">team default</Badge> : null}
              <Badge tone={m.isActive ? "good" : "neutral"}>{m.isActive ? "active" : "inactive"}</Badge>
              <Badge>{m.scope}</Badge>
              <Badge>{m.applicability}</Badge>
            </div>
            <p className="mt-2 text-sm">{m.ruleSummary}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(m)}>
                Edit
              </Button>
              <Link className="inline-flex h-8 items-center px-2 text-sm" href={`/console/dna/${m.id}`}>
                Generations
              </Link>
              <ConfirmButton
                label="Delete"
                title={`Delete ${m.name}?`}
                confirmLabel="Delete profile"
                onConfirm={async () => {
                  await consoleFetch(`/api/console/orgs/${orgId}/methodologies/${m.id}`, { method: "DELETE" });
                  await qc.invalidateQueries({ queryKey: key });
                  setNotice({ success: `Deleted ${m.name}.` });
                }}
              >
                Generations made with it keep their snapshot of its name and version. Autopilot tasks and integrations that name this profile stop
                using it.
              </ConfirmButton>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? "New Programming DNA profile" : `Edit ${editing?.name ?? ""}`} className="w-[min(760px,calc(100vw-1rem))]">
        {editing !== null ? (
          <ProfileForm
            orgId={orgId}
            profile={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={async () => {
              setNotice({ success: editing === "new" ? "Profile created." : "Profile saved." });
              setEditing(null);
              await qc.invalidateQueries({ queryKey: key });
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}
