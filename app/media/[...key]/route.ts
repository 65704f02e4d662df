import { directRoute } from "@/server/http/direct-request";
import { serveMedia } from "@/server/media/serve";
import { generatedMedia } from "@/server/services/captions/generated-media";

type Context = { params: Promise<{ key: string[] }> };

// GET /media/{key} – signed media with Range support (caption tracks and HLS playlists are made on request)
export const GET = directRoute(async (request, ctx: Context) => {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: true, generate: generatedMedia });
});

// HEAD /media/{key} – headers of signed media (size, type) without the bytes
export const HEAD = directRoute(async (request, ctx: Context) => {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: true, generate: generatedMedia });
});
