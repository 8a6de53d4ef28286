// @vitest-environment node
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_SHAPES } from '../../shared/ui/src/logo-mark.ts';
import { appIcons, stylesheet, themeToken } from './app-icons';

/** The shell's index.html built with the icons plugin alone (no app behind it): inside the repository, so sharp resolves. */
const root = resolve(import.meta.dirname, '../../.cache', `app-icons-test-${process.pid}`);
const dist = join(root, 'dist');
const brand = themeToken(stylesheet(), '--color-primary').light;

beforeAll(async () => {
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src/main.js'), 'document.title = "Chirp";\n');
  const page = readFileSync(resolve(import.meta.dirname, '../index.html'), 'utf8').replace('/src/main.tsx', '/src/main.js');
  writeFileSync(join(root, 'index.html'), page);
  await build({ root, configFile: false, logLevel: 'silent', plugins: [appIcons()], build: { outDir: dist, target: 'esnext' } });
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An image's pixels as [red, green, blue, alpha] by position. */
async function pixelsOf(file: string) {
  const { data, info } = await sharp(join(dist, file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  const all = Array.from({ length: info.width * info.height }, (_, index) => ({ x: index % info.width, y: Math.floor(index / info.width) }));
  return { at, all, width: info.width };
}

const rgba = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).concat(255);
const WHITE = [255, 255, 255, 255];
const CLEAR = 0;

describe('the app icons the shell’s build writes', () => {
  it('are PNGs of the sizes a browser and a home screen ask for', async () => {
    const sizes = {
      'icons/icon-192.png': 192,
      'icons/icon-512.png': 512,
      'icons/icon-maskable-512.png': 512,
      'icons/apple-touch-icon.png': 180,
    };
    for (const [file, size] of Object.entries(sizes)) {
      const { format, width, height } = await sharp(join(dist, file)).metadata();
      expect({ file, format, width, height }).toEqual({ file, format: 'png', width: size, height: size });
    }
  });

  it('draw the white mark on the brand colour, the "any" icons as a tile with clear corners', async () => {
    for (const file of ['icons/icon-192.png', 'icons/icon-512.png']) {
      const { at, all, width } = await pixelsOf(file);
      expect(at(0, 0)[3], `${file}: its corner`).toBe(CLEAR);
      expect(at(Math.round(width / 2), Math.round(width * 0.1)), `${file}: its edge`).toEqual(rgba(brand));
      expect(all.some(({ x, y }) => at(x, y).join() === WHITE.join()), `${file}: the mark`).toBe(true);
    }
  });

  it('keep the whole mark inside a maskable icon’s safe zone (the central 80% circle), on a solid background', async () => {
    const { at, all, width } = await pixelsOf('icons/icon-maskable-512.png');
    const centre = width / 2;
    const outside = all.filter(({ x, y }) => Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > 0.4 * width);
    const offColour = outside.filter(({ x, y }) => at(x, y).join() !== rgba(brand).join());
    expect(offColour.slice(0, 5)).toEqual([]);
    expect(all.some(({ x, y }) => at(x, y).join() === WHITE.join())).toBe(true);
  });

  it('are opaque where the home screen lays its own shape over them (maskable, apple-touch-icon)', async () => {
    for (const file of ['icons/icon-maskable-512.png', 'icons/apple-touch-icon.png']) {
      expect((await sharp(join(dist, file)).metadata()).hasAlpha, file).toBe(false);
      const { at } = await pixelsOf(file);
      expect(at(0, 0), file).toEqual(rgba(brand));
    }
  });

  it('come with an SVG favicon drawn from the same mark as the page’s logo', () => {
    const favicon = readFileSync(join(dist, 'favicon.svg'), 'utf8');
    expect(favicon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const shape of LOGO_SHAPES) expect(favicon).toContain(`d="${shape}"`);
  });
});

describe('the shell’s index.html', () => {
  const html = () => readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = (name: string) => html().match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

  it('links the SVG favicon and the apple-touch-icon, both in the build', () => {
    const links = tags('link').map((tag) => ({ rel: attribute(tag, 'rel'), href: attribute(tag, 'href'), type: attribute(tag, 'type') }));
    expect(links).toContainEqual({ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' });
    expect(links).toContainEqual({ rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png', type: undefined });
    for (const { rel, href } of links.filter(({ rel }) => rel?.includes('icon'))) {
      expect(existsSync(join(dist, href!)), `${rel} ${href}`).toBe(true);
    }
  });

  it('colours the browser’s own bar as the page’s background, light and dark', () => {
    const background = themeToken(stylesheet(), '--color-bg');
    const themeColours = tags('meta')
      .filter((tag) => attribute(tag, 'name') === 'theme-color')
      .map((tag) => [attribute(tag, 'media'), attribute(tag, 'content')]);
    expect(themeColours).toEqual([
      ['(prefers-color-scheme: light)', background.light],
      ['(prefers-color-scheme: dark)', background.dark],
    ]);
  });
});
