/**
 * The content catalog's operations (workouts, playback, plans, video assets, groups, stock),
 * gathered so the operation index imports them with one line.
 */
export * from "./workouts";
export * from "./plans";
export * from "./video-assets";
export * from "./groups";
export * from "./stock";
