/**
 * The mixdown's child process (started by renderAudio in audio.ts): reads a MixdownJob as JSON on
 * stdin, mixes and encodes it, prints `{"frames": n}` on stdout and exits 0; on failure prints the
 * error on stderr and exits 1.
 */
import { type MixdownJob, encodeMixdown } from "./mixdown";

async function main(): Promise<void> {
  let input = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) input += chunk;
  const result = await encodeMixdown(JSON.parse(input) as MixdownJob);
  await new Promise<void>((resolve) => process.stdout.write(JSON.stringify(result), () => resolve()));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
