import { describe, expect, it } from "vitest";
import { splitSocketDir } from "./connect";

describe("splitSocketDir", () => {
  it("takes a socket directory out of the URL and keeps the other parameters", () => {
    expect(splitSocketDir("postgres://u:p@127.0.0.1:5433/forma?host=%2Ftmp%2Fpg&sslmode=disable")).toEqual({
      url: "postgres://u:p@127.0.0.1:5433/forma?sslmode=disable",
      socketDir: "/tmp/pg",
    });
    expect(splitSocketDir("postgres://u:p@127.0.0.1:5433/forma?host=/tmp/pg")).toEqual({ url: "postgres://u:p@127.0.0.1:5433/forma", socketDir: "/tmp/pg" });
  });

  it("leaves TCP URLs alone", () => {
    expect(splitSocketDir("postgres://u:p@db:5432/forma")).toEqual({ url: "postgres://u:p@db:5432/forma" });
    expect(splitSocketDir("postgres://u:p@db:5432/forma?host=db2")).toEqual({ url: "postgres://u:p@db:5432/forma?host=db2" });
  });
});
