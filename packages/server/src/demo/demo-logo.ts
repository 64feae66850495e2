import { crc32, deflateSync } from 'node:zlib';

/** The demo clinic's logo: an eye on a blue disc, drawn here and encoded as a PNG (no image file to ship). */

const SIZE = 96;
/** Samples per pixel side: smooth edges. */
const SAMPLES = 4;

type Rgba = readonly [number, number, number, number];
const BLUE: Rgba = [0x0b, 0x53, 0x94, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const IRIS: Rgba = [0x3d, 0x85, 0xc6, 255];
const PUPIL: Rgba = [0x07, 0x37, 0x63, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

const within = (x: number, y: number, cx: number, cy: number, r: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** The colour at a point: the topmost shape holding it. */
function paint(x: number, y: number): Rgba {
  const c = SIZE / 2;
  if (within(x, y, c + 7, c - 7, 3.5)) return WHITE; // the highlight
  if (within(x, y, c, c, 7)) return PUPIL;
  if (within(x, y, c, c, 15)) return IRIS;
  // The eye's outline: the lens where two discs overlap, 68 wide and 36 high.
  if (within(x, y, c, c - 23.1, 41.1) && within(x, y, c, c + 23.1, 41.1)) return WHITE;
  if (within(x, y, c, c, 46)) return BLUE;
  return CLEAR;
}

function pixels(): Buffer {
  const rgba = Buffer.alloc(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++)
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const [r, g, b, a] = paint(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          // Colours weighted by coverage, so a transparent sample does not darken an edge.
          sum[0]! += r * a;
          sum[1]! += g * a;
          sum[2]! += b * a;
          sum[3]! += a;
        }
      const at = (py * SIZE + px) * 4;
      const alpha = sum[3]!;
      for (let i = 0; i < 3; i++) rgba[at + i] = alpha ? Math.round(sum[i]! / alpha) : 0;
      rgba[at + 3] = Math.round(alpha / SAMPLES ** 2);
    }
  return rgba;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A PNG (8-bit RGBA, no filter) of the logo. */
export function demoLogoPng(): Buffer {
  const rgba = pixels();
  const stride = SIZE * 4;
  const raw = Buffer.alloc((stride + 1) * SIZE);
  for (let y = 0; y < SIZE; y++) rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const demoLogoDataUrl = () => `data:image/png;base64,${demoLogoPng().toString('base64')}`;
