import { Hono } from "hono";
import sharp from "sharp";

/**
 * Plain map tiles served by ourselves, for development and tests: nothing outside is reachable
 * there, and a browser logs every tile that fails to load. Point MAP_TILE_URL at
 * `http://localhost:<port>/dev/tiles/{z}/{x}/{y}.png` to use them. Mounted only with dev routes.
 */
export function devTileRoutes() {
  let tile: Promise<Buffer> | undefined;
  const make = () =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" ` +
          `fill="#eef0f2"/><path d="M0 0.5H256M0.5 0V256" stroke="#d7dbe0" stroke-width="1"/></svg>`,
      ),
    )
      .png({ palette: true })
      .toBuffer();
  return new Hono().get("/:z/:x/:file", async (c) => {
    const { z, x, file } = c.req.param();
    if (!/^\d{1,2}$/.test(z) || !/^\d{1,7}$/.test(x) || !/^\d{1,7}\.png$/.test(file)) return c.text("Not found", 404);
    tile ??= make();
    c.header("Content-Type", "image/png");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(new Uint8Array(await tile));
  });
}
