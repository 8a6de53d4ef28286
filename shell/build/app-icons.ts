import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { LOGO_SHAPES, LOGO_SIZE } from '../../shared/ui/src/logo-mark.ts';

/** A colour token of @chirp/ui's styles, `--name: light-dark(light, dark)`, in each theme. */
export function themeToken(css: string, name: string): { light: string; dark: string } {
  const found = new RegExp(`${name}:\\s*light-dark\\((#[0-9a-f]{6}),\\s*(#[0-9a-f]{6})\\)`, 'i').exec(css);
  if (!found) throw new Error(`@chirp/ui's styles define no ${name}: light-dark(#rrggbb, #rrggbb)`);
  return { light: found[1], dark: found[2] };
}

/** @chirp/ui's design tokens: the icons take their colours from them. */
export const stylesheet = () => readFileSync(new URL('../../shared/ui/src/styles/index.css', import.meta.url), 'utf8');

/**
 * How the white mark sits on the brand colour:
 * - `tile`: a rounded square, its corners clear, the mark at 80% of it: the favicon and the "any"
 *   app icons, whatever is behind them;
 * - `full`: the whole square, the mark at 70% of it: inside the central 80% circle a maskable icon
 *   keeps under any mask, and opaque as an apple-touch-icon must be (iOS rounds the corners itself).
 */
type Layout = 'tile' | 'full';
const LAYOUTS: Record<Layout, { scale: number; corner: number }> = {
  tile: { scale: 0.8, corner: 0.22 },
  full: { scale: 0.7, corner: 0 },
};

/** The mark on its background as an SVG document; `size` in pixels, or none to scale freely. */
export function iconSvg(layout: Layout, brand: string, size?: number): string {
  const { scale, corner } = LAYOUTS[layout];
  const inset = (LOGO_SIZE * (1 - scale)) / 2;
  const pixels = size ? ` width="${size}" height="${size}"` : '';
  const shapes = LOGO_SHAPES.map((shape) => `<path fill-rule="evenodd" d="${shape}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${LOGO_SIZE} ${LOGO_SIZE}"${pixels}>` +
    `<rect width="${LOGO_SIZE}" height="${LOGO_SIZE}" rx="${LOGO_SIZE * corner}" fill="${brand}"/>` +
    `<g fill="#fff" transform="translate(${inset} ${inset}) scale(${scale})">${shapes}</g></svg>\n`
  );
}

/** The files, by their path in the build: where index.html and a web app manifest point. */
export const APP_ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, layout: 'tile' },
  { fileName: 'icons/icon-512.png', size: 512, layout: 'tile' },
  { fileName: 'icons/icon-maskable-512.png', size: 512, layout: 'full' },
  { fileName: 'icons/apple-touch-icon.png', size: 180, layout: 'full' },
] as const;
export const FAVICON = 'favicon.svg';

/** The favicon and the app icons, drawn from the one mark in the light theme's --color-primary. */
export async function renderAppIcons(css = stylesheet()): Promise<{ fileName: string; source: string | Uint8Array }[]> {
  const brand = themeToken(css, '--color-primary').light;
  const pngs = APP_ICONS.map(async ({ fileName, size, layout }) => {
    const image = sharp(Buffer.from(iconSvg(layout, brand, size)));
    const opaque = layout === 'full' ? image.flatten({ background: brand }) : image;
    return { fileName, source: new Uint8Array(await opaque.png({ compressionLevel: 9 }).toBuffer()) };
  });
  return [{ fileName: FAVICON, source: iconSvg('tile', brand) }, ...(await Promise.all(pngs))];
}

/**
 * Draws the favicon and the app icons from Chirp's mark (@chirp/ui's logo-mark.ts) instead of
 * keeping images of it by hand: emitted into the build, served by the dev server at the same paths.
 */
export function appIcons(): Plugin {
  let rendered: ReturnType<typeof renderAppIcons> | undefined;
  const files = () => (rendered ??= renderAppIcons());
  return {
    name: 'chirp-app-icons',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0];
        files()
          .then((all) => {
            const file = all.find(({ fileName }) => `/${fileName}` === path);
            if (!file) return next();
            response.setHeader('content-type', file.fileName.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
            response.end(file.source);
          })
          .catch(next);
      });
    },
    async generateBundle() {
      for (const { fileName, source } of await files()) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
