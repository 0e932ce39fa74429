// Bandada — see docs-images.sh: serves build/web and photographs the app for the README.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {launch, startServer, openPage} from '../tests/browser/helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'docs/images');
fs.mkdirSync(dir, {recursive: true});
const {server, url} = await startServer();
const browser = await launch();
try {
  // A phone (390 × 844 CSS px, touch, DPR 2): the 2-D flock running with a predator, Parameters open.
  const phone = await browser.newContext({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true,
                                          deviceScaleFactor: 2});
  const page = await openPage(phone, url);
  await page.evaluate(() => {
    Module.command('model:flock2d');
    Module.command('initialize');
    Module.pressModel(450, 300, false);  // the default tool places a predator
    Module.command('run');
  });
  await page.waitForTimeout(4000);
  await page.evaluate(() => Module.command('pause'));
  await page.screenshot({path: path.join(dir, 'phone.png')});
  await phone.close();
  console.log('docs-images: wrote docs/images/phone.png');
} finally {
  await browser.close();
  server.close();
}
