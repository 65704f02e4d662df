import path from "node:path";

/**
 * Files whose tests claim work across every organization of the database: the autopilot's "next
 * due task" at a time in the future would take another file's task, the export sweep takes every
 * due workout, and a social publishing tick plans and publishes every due automation (at 06:00 UTC
 * every other file's weekly automation falls due too). Each runs in a project of its own
 * ("integration-alone-<slug>") on a copy of the run's database of its own (test/global-setup.ts),
 * so it runs beside every other file, these included, without taking their work or losing its own.
 */
export const SOLE_FILES = [
  "server/services/autopilot/runs.int.test.ts",
  "server/services/exports/exports.int.test.ts",
  "server/services/social/platforms.int.test.ts",
  "server/services/social/scheduler.int.test.ts",
];

/** A sole file's name in its project's and its database's names: "social_platforms". */
function soleSlug(file: string): string {
  const base = path.basename(file, ".int.test.ts");
  return `${path.basename(path.dirname(file))}_${base}`.replace(/[^a-z0-9]+/gi, "_").toLowerCase();
}

export const SOLE_PROJECT_PREFIX = "integration-alone-";

/** The vitest project a sole file runs in: "integration-alone-social_platforms". */
export const soleProject = (file: string) => `${SOLE_PROJECT_PREFIX}${soleSlug(file)}`;

/** Its copy of the run's database, named after the run's: "forma_test_1a2b3c4d_social_platforms". */
export const soleDatabase = (runDatabase: string, file: string) => `${runDatabase}_${soleSlug(file)}`;
