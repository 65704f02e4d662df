import { notFoundRoute } from "@/server/api/not-found";

// ANY /v1/* – paths that do not exist answer 404 in the error envelope, never an HTML page
export { notFoundRoute as GET, notFoundRoute as POST, notFoundRoute as PUT, notFoundRoute as PATCH, notFoundRoute as DELETE };
