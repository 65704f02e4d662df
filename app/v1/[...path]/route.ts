import { ApiError, errorResponse } from "@/server/api/errors";

// ANY /v1/* – paths that do not exist answer 404 in the error envelope, never an HTML page
const notFound = async (req: Request) =>
  errorResponse(new ApiError({ code: "NotFound", message: `No operation exists at ${new URL(req.url).pathname}.` }));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
