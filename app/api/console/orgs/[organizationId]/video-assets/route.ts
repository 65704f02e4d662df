import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { MediaLibraryQuery, listMediaLibrary } from "@/server/services/media-uploads/media-library";

// GET /api/console/orgs/{organizationId}/video-assets – the workspace's clips with their instruction audio per locale
export const GET = consoleRoute({ params: OrgParams, query: MediaLibraryQuery, name: "ListMediaLibrary" }, ({ params, query }) =>
  listMediaLibrary(getDb(), params.organizationId, query),
);
