import type { Plugin } from 'vite';

/** The font files every screen draws with (src/app/fonts.css): Arabic text, and Latin digits and names. */
const EVERY_SCREEN_FONT = /noto-sans-arabic-(arabic|latin)-wght-normal-[\w-]+\.woff2$/;

/**
 * `<link rel="preload">` in index.html's head for the fonts every screen uses. Without it the browser asks for a
 * font only once it has laid the page out and found text in it, then lays it out and paints it again when the font
 * arrives: on a page the server drew, in a bench trace of /queue, the fonts were asked for 20 ms into the first
 * layout and the screen was laid out twice (issue 54). Preloaded, they are asked for with the stylesheet.
 */
export function preloadFonts(): Plugin {
  return {
    name: 'basira-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.keys(bundle ?? {}).filter((file) => EVERY_SCREEN_FONT.test(file));
        if (fonts.length !== 2)
          throw new Error(`preload-fonts: expected the 2 font files, found ${fonts.length}`);
        return fonts.sort().map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
