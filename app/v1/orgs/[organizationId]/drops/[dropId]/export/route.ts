import { exportDrop as op } from "@/server/api/operations/drops";
import { apiRoute, methods } from "@/server/routes/api-route";
import { exportDrop } from "@/server/services/drops/export-drop";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/drops/{dropId}/export – signed video and cover links with the copy, fitted to a preset
  POST: apiRoute(op, async ({ db, params, query, body }) => ({
    data: await exportDrop(db, params.organizationId, params.dropId, { ...body, locale: query.locale }),
  })),
});
