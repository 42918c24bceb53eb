import sharp from 'sharp';
const [,, file, prefix, chunk='1800'] = process.argv;
const meta = await sharp(file).metadata();
const c = Number(chunk);
const n = Math.ceil(meta.height / c);
for (let i = 0; i < n; i++) {
  const top = i * c; const height = Math.min(c, meta.height - top);
  await sharp(file).extract({ left: 0, top, width: meta.width, height }).toFile(`${prefix}${i}.png`);
}
console.log(meta.width, meta.height, n);
