import { notFoundRoute } from "@/server/api/not-found";

// ANY /v1/workouts/categories – named by the contract as a path that does not exist: 404, not a workout id
export { notFoundRoute as GET, notFoundRoute as POST, notFoundRoute as PUT, notFoundRoute as PATCH, notFoundRoute as DELETE };
