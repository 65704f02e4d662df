import { WorkoutBuilder } from "@/components/console/workout-builder";
import { libraryOptions } from "@/server/console/library-options";
import { requirePrincipal } from "@/server/console/page-principal";

// GET /console/library/workouts/new – the playlist builder for a new workout
export default async function NewWorkoutPage() {
  const p = await requirePrincipal();
  const { categories, pools } = await libraryOptions(p.organizationId);
  const initial = {
    name: { "en-US": "" },
    description: { "en-US": "" },
    difficulty: "beginner",
    visibility: "public",
    categoryIds: [],
    tags: [],
    mixBgMusic: true,
    musicPoolIds: [],
    skipWorkoutPreview: false,
    skipWorkoutCompletionScreen: false,
    videoAudioMode: "full",
    segments: [],
  };
  return <WorkoutBuilder orgId={p.organizationId} workout={null} initial={initial} clips={{}} categories={categories} pools={pools} />;
}
