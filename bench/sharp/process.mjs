// Processes every original of a folder as the build's image stage does
// (generator/imagefiles): upright by EXIF, metadata dropped (sharp's default),
// each width of the ladder below the original's, AVIF, WebP and JPEG at
// the same quality settings, all originals at once (libvips uses every
// core). Usage: node process.mjs IN OUT. Prints the total bytes per format
// as JSON.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import sharp from "sharp";

const ladder = [480, 768, 1080, 1600, 2400];
const [, , inDir, outDir] = process.argv;
await mkdir(outDir, { recursive: true });
const totals = { avif: 0, webp: 0, jpeg: 0 };

async function one(file) {
  const src = sharp(join(inDir, file)).rotate();
  const meta = await src.metadata();
  const width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const widths = ladder.filter((w) => w < width);
  if (width <= ladder[ladder.length - 1]) widths.push(width);
  const stem = basename(file, extname(file));
  await Promise.all(
    widths.flatMap((w) => {
      const sized = src.clone().resize({ width: w, kernel: "cubic" });
      return [
        ["avif", sized.clone().avif({ quality: 50 })],
        ["webp", sized.clone().webp({ quality: 75 })],
        ["jpeg", sized.clone().jpeg({ quality: 80 })],
      ].map(async ([fmt, pipe]) => {
        const data = await pipe.toBuffer();
        totals[fmt] += data.length;
        await writeFile(join(outDir, `${stem}-${w}.${fmt}`), data);
      });
    }),
  );
}

await Promise.all((await readdir(inDir)).filter((f) => f.endsWith(".jpg")).map(one));
console.log(JSON.stringify(totals));
