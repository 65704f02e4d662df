import { EventEmitter } from "node:events";
import postgres from "postgres";
import { describe, expect, it } from "vitest";

/**
 * postgres.js 3.4.9 batches small writes behind a setImmediate and arms it only while its timer
 * variable is null; its teardown paths (closed(), terminate()) cleared the immediate without
 * resetting that variable. A connection whose socket closed while a write was buffered (a
 * database stopping in the middle of a burst) could then never flush again: every reconnect's
 * startup message stayed in the buffer, and the slot answered CONNECT_TIMEOUT forever, against a
 * healthy database (seen in test/faults/database-outage.test.ts). patches/postgres+3.4.9.patch
 * resets it; this test drives the driver against fake sockets (its `socket` option) to show a
 * reconnect after such a close writes its startup message again.
 */
class FakeSocket extends EventEmitter {
  readyState = "open";
  written = 0;
  setKeepAlive() {}
  write(buf: Buffer | string) {
    this.written += Buffer.byteLength(buf);
    return true;
  }
  destroy() {
    this.readyState = "closed";
  }
  end() {
    this.readyState = "closed";
  }
}

/** Bytes written on each socket the driver opened; `closeFirst` closes the first one while its startup write is still buffered (or, with a delay, after it was flushed). */
async function attempts(closeFirst: { afterMs?: number } | null): Promise<number[]> {
  const sockets: FakeSocket[] = [];
  const sql = postgres({
    host: "fake.invalid",
    max: 1,
    connect_timeout: 1,
    socket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      if (closeFirst && sockets.length === 1) {
        // Queued before the driver's own flush (the factory runs before it writes), so the close always wins that race.
        if (closeFirst.afterMs === undefined) setImmediate(() => s.emit("close", false));
        else setTimeout(() => s.emit("close", false), closeFirst.afterMs);
      }
      return s;
    },
  } as unknown as Parameters<typeof postgres>[0]);
  sql`select 1`.catch(() => {});
  await new Promise((r) => setTimeout(r, 700));
  await sql.end({ timeout: 0 }).catch(() => {});
  return sockets.map((s) => s.written);
}

describe("postgres.js deferred writes after a close (patched driver)", () => {
  it("control: an undisturbed connection writes its startup message", async () => {
    const written = await attempts(null);
    expect(written[0]).toBeGreaterThan(0);
  });

  it("control: a close after the flush leaves the reconnect able to write", async () => {
    const written = await attempts({ afterMs: 50 });
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(written[1]).toBeGreaterThan(0);
  });

  it("a close with a buffered write leaves the reconnect able to write (unpatched 3.4.9 wrote nothing, ever again)", async () => {
    const written = await attempts({});
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(written[0]).toBe(0);
    expect(written[1], "is patches/postgres+3.4.9.patch applied (npm install runs patch-package)?").toBeGreaterThan(0);
  });
});
