import { LibraryProblem } from "@/components/library/library-shell";

// The cast display of an organization that does not exist (HTTP 404)
export default function CastNotFound() {
  return (
    <LibraryProblem title="Cast display not found">
      <p>There is no organization at this address. Check the link you followed, or ask the site that sent you here for a new one.</p>
    </LibraryProblem>
  );
}
