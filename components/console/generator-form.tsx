"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { ConsoleApiError, consoleFetch, errorMessage } from "./api";
import { FormMessage, PageHeader } from "./widgets";

const SOURCES = [
  ["free_stock", "Free stock clips"],
  ["premium_stock", "Premium stock clips"],
  ["team_exercises", "Workspace clips"],
] as const;

/**
 * The AI generator: the same body as POST /v1/orgs/{org}/workouts/generate, run by the same engine;
 * the result is kept as a private draft and opened in the builder.
 */
export function GeneratorForm({ orgId, categories, methodologies }: { orgId: string; categories: { id: string; name: string }[]; methodologies: { id: string; name: string }[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  return (
    <>
      <PageHeader title="Generate a workout" description="The AI engine builds a workout from your choices; you get a private draft to edit and publish." />
      <form
        className="flex max-w-2xl flex-col gap-4 rounded-xl border border-line bg-card p-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const d = new FormData(e.currentTarget);
          const num = (k: string) => (d.get(k) ? Number(d.get(k)) : undefined);
          const body = {
            categoryId: (d.get("categoryId") as string) || undefined,
            durationOptions: { minMinutes: num("minMinutes"), maxMinutes: num("maxMinutes") },
            exerciseSources: d.getAll("exerciseSources"),
            endUserProfileDetails: d.get("level") ? { fitnessLevels: [d.get("level")] } : undefined,
            userRequirements: (d.get("userRequirements") as string) || undefined,
            methodologyProfileId: (d.get("methodologyProfileId") as string) || undefined,
          };
          setBusy(true);
          setError(null);
          setFields({});
          try {
            const created = await consoleFetch<{ id: string }>(`/api/console/orgs/${orgId}/workouts/generate`, { method: "POST", body });
            router.push(`/console/library/workouts/${created.id}?saved=generated`);
          } catch (err) {
            if (err instanceof ConsoleApiError) setFields(err.fields);
            setError(errorMessage(err));
            setBusy(false);
          }
        }}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Category" error={fields.categoryId}>
            {(p) => (
              <Select {...p} name="categoryId" defaultValue="">
                <option value="">Any</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Level" error={fields["endUserProfileDetails.fitnessLevels.0"]}>
            {(p) => (
              <Select {...p} name="level" defaultValue="beginner">
                <option value="beginner">Beginner</option>
                <option value="intermediate">Intermediate</option>
                <option value="advanced">Advanced</option>
              </Select>
            )}
          </Field>
          <Field label="Shortest (minutes)" error={fields["durationOptions.minMinutes"]}>
            {(p) => <Input {...p} name="minMinutes" type="number" min={5} max={120} defaultValue={15} />}
          </Field>
          <Field label="Longest (minutes)" error={fields["durationOptions.maxMinutes"]}>
            {(p) => <Input {...p} name="maxMinutes" type="number" min={5} max={120} defaultValue={25} />}
          </Field>
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Exercise sources</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {SOURCES.map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="exerciseSources" value={value} defaultChecked={value !== "premium_stock"} /> {label}
              </label>
            ))}
          </div>
          {fields.exerciseSources ? <p className="text-sm text-danger">{fields.exerciseSources}</p> : null}
        </fieldset>
        <Field label="Programming DNA" hint="An active team profile steers the engine's hard rules." error={fields.methodologyProfileId}>
          {(p) => (
            <Select {...p} name="methodologyProfileId" defaultValue="">
              <option value="">None</option>
              {methodologies.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Requirements" hint="Free text, for example: no jumping, focus on the core." error={fields.userRequirements}>
          {(p) => <Textarea {...p} name="userRequirements" maxLength={1000} />}
        </Field>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Generating…" : "Generate draft"}
          </Button>
          <FormMessage error={error} />
        </div>
      </form>
    </>
  );
}
