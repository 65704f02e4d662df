/** Seed data modules (pure data, no DB code). */
export * from "./exercises";
export * from "./reference";
export * from "./workouts";
export * from "./plans";
export * from "./music";
export * from "./methodologies";
export * from "./stock";
export * from "./groups";
export * from "./drops";
