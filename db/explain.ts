import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Tx } from "./client";

/** How PostgreSQL would run a statement: every scan node of its plan, by relation. */
export interface PlanScans {
  /** Relations read by a sequential scan (every row of the table). */
  seqScans: string[];
  /** Indexes the plan reads, by name. */
  indexes: string[];
  /** With `analyze`: how long the statement took to run, in milliseconds. */
  executionMs?: number;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/**
 * The scans of `query`'s plan for its actual parameters. Without `analyze` nothing runs; with it
 * the statement runs (reads only!) and its execution time is reported too.
 */
export async function explainScans(db: Tx, query: SQLWrapper | SQL, opts: { analyze?: boolean } = {}): Promise<PlanScans> {
  const options = opts.analyze ? sql`(analyze, format json)` : sql`(format json)`;
  const rows = await db.execute<{ "QUERY PLAN": { Plan: PlanNode; "Execution Time"?: number }[] }>(sql`explain ${options} ${query.getSQL()}`);
  const out: PlanScans = { seqScans: [], indexes: [] };
  const time = rows[0]?.["QUERY PLAN"]?.[0]?.["Execution Time"];
  if (time !== undefined) out.executionMs = time;
  const visit = (node: PlanNode) => {
    if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) out.seqScans.push(node["Relation Name"]);
    if (node["Index Name"] && !out.indexes.includes(node["Index Name"])) out.indexes.push(node["Index Name"]);
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const root of rows[0]?.["QUERY PLAN"] ?? []) visit(root.Plan);
  return out;
}
