import { directRoute } from "@/server/http/direct-request";
import { serveMedia } from "@/server/media/serve";

type Context = { params: Promise<{ key: string[] }> };

// GET /media/public/{key} – unsigned posters, thumbnails and covers (images only)
export const GET = directRoute(async (request, ctx: Context) => {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: false });
});

// HEAD /media/public/{key} – headers of a public image
export const HEAD = directRoute(async (request, ctx: Context) => {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: false });
});
