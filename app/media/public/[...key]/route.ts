import { serveMedia } from "@/server/media/serve";

type Context = { params: Promise<{ key: string[] }> };

// GET /media/public/{key} – unsigned posters, thumbnails and covers (images only)
export async function GET(request: Request, ctx: Context): Promise<Response> {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: false });
}

// HEAD /media/public/{key} – headers of a public image
export async function HEAD(request: Request, ctx: Context): Promise<Response> {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: false });
}
