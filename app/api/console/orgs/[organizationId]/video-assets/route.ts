import { getDb } from "@/db/client";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { MediaLibraryQuery, listMediaLibrary } from "@/server/services/media-uploads/media-library";

// GET /api/console/orgs/{organizationId}/video-assets – the workspace's clips with their instruction audio per locale
export const GET = withTrainer({ params: OrgParams, query: MediaLibraryQuery, name: "ListMediaLibrary" }, ({ params, query }) =>
  listMediaLibrary(getDb(), params.organizationId, query),
);
