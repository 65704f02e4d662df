import { LibraryProblem } from "@/components/library/library-shell";

// The workout grid or player page of an organization, workout or plan that does not exist (HTTP 404)
export default function WorkoutsNotFound() {
  return (
    <LibraryProblem title="Library not found">
      <p>There is no library or workout at this address. Check the link you followed, or ask the site that sent you here for a new one.</p>
    </LibraryProblem>
  );
}
