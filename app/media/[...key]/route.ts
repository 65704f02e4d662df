import { serveMedia } from "@/server/media/serve";

type Context = { params: Promise<{ key: string[] }> };

// GET /media/{key} – signed media with Range support
export async function GET(request: Request, ctx: Context): Promise<Response> {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: true });
}

// HEAD /media/{key} – headers of signed media (size, type) without the bytes
export async function HEAD(request: Request, ctx: Context): Promise<Response> {
  const { key } = await ctx.params;
  return serveMedia(request, key.join("/"), { requireSignature: true });
}
