import { LibraryProblem } from "@/components/library/library-shell";

// The plan grid or plan page of an organization or plan that does not exist (HTTP 404)
export default function PlansNotFound() {
  return (
    <LibraryProblem title="Library not found">
      <p>There is no library or plan at this address. Check the link you followed, or ask the site that sent you here for a new one.</p>
    </LibraryProblem>
  );
}
