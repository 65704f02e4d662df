import { directRoute } from "@/server/http/direct-request";
import { serveMedia } from "@/server/media/serve";

type Context = { params: Promise<{ key: string[] }> };

// GET /media/{key} – signed media with Range support
export const GET = directRoute(async (request, ctx: Context) => {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: true });
});

// HEAD /media/{key} – headers of signed media (size, type) without the bytes
export const HEAD = directRoute(async (request, ctx: Context) => {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: true });
});
