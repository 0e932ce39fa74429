// Bandada — precompressed copies of the page's files for static hosts that serve them as they are
// (a host's "static gzip/brotli" setting): beside each .wasm, .js, .html and .svg of a folder, a
// .br (brotli, quality 11) and a .gz (gzip -9), remade only when older than their file.
// scripts/serve.mjs serves them when the browser accepts them. Usage: node scripts/precompress.mjs DIR
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('precompress: give the folder to compress, e.g. build/web');
  process.exit(2);
}
const KINDS = new Set(['.wasm', '.js', '.html', '.svg']);
let made = 0;
const walk = (d) => {
  for (const entry of fs.readdirSync(d, {withFileTypes: true})) {
    const file = path.join(d, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (KINDS.has(path.extname(file))) compress(file);
  }
};
const compress = (file) => {
  const when = fs.statSync(file).mtimeMs;
  const data = fs.readFileSync(file);
  const outs = [
    [file + '.gz', () => zlib.gzipSync(data, {level: 9})],
    [file + '.br', () => zlib.brotliCompressSync(data, {params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_MODE]: path.extname(file) === '.wasm' ? zlib.constants.BROTLI_MODE_GENERIC
                                                                          : zlib.constants.BROTLI_MODE_TEXT}})],
  ];
  for (const [out, make] of outs) {
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= when) continue;
    fs.writeFileSync(out + '.tmp', make());
    fs.renameSync(out + '.tmp', out);
    ++made;
  }
};
walk(dir);
console.log(`precompress: ${made} file(s) written in ${dir}`);
