// Bandada — decoding an image in the page under test, for tests in every engine: the source of
// an async function (src: a data: or blob: URL) → {width, height, data: its RGBA bytes}. Pass it
// to the page as an argument and make it there with (0, eval)(source): evaluate() sends only
// the function it runs, not what that function calls.
export const imagePixelsSource = `async (src) => {
  const img = new Image();
  img.src = src;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width;
  c.height = img.height;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  return {width: img.width, height: img.height, data: g.getImageData(0, 0, img.width, img.height).data};
}`;
