// Bandada — one thin driver over three browser engines, so that one suite (engines.test.mjs)
// runs the same steps in each: Chromium through playwright-core, Firefox through puppeteer-core
// (WebDriver BiDi), WebKit (WebKitGTK's MiniBrowser, Safari's engine) through selenium-webdriver
// and WebKitWebDriver. Firefox and WebKit need a display: run under `xvfb-run -a`. Every engine
// comes from Debian's packages; nothing is downloaded.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ENGINES = ['chromium', 'firefox', 'webkit'];
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/// A free loopback port (for WebKitWebDriver).
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const {port} = s.address();
      s.close(() => resolve(port));
    });
  });
}

/// The engine's browser with one page of width × height CSS px. The returned object is all the
/// suite uses: goto, reload, evaluate(fn, ...args), click(x, y) in page coordinates, type(text),
/// press(key), down(key), up(key), close().
export async function openEngine(engine, {width = 1400, height = 900} = {}) {
  if (engine === 'chromium') return openChromium(width, height);
  if (engine === 'firefox') return openFirefox(width, height);
  if (engine === 'webkit') return openWebKit(width, height);
  throw new Error(`no engine called ${engine} (${ENGINES.join(', ')})`);
}

/// Playwright's and Puppeteer's pages take the same calls.
function pageDriver(name, page, close) {
  return {
    name,
    goto: (url) => page.goto(url),
    reload: () => page.reload(),
    evaluate: (fn, ...args) => page.evaluate(fn, args.length === 1 ? args[0] : args),
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text, {delay: 20}),
    press: (key) => page.keyboard.press(key),
    down: (key) => page.keyboard.down(key),
    up: (key) => page.keyboard.up(key),
    close,
  };
}

async function openChromium(width, height) {
  const {launch} = await import('../browser/helpers.mjs');
  const browser = await launch();
  const context = await browser.newContext({viewport: {width, height}});
  return pageDriver('chromium', await context.newPage(), () => browser.close());
}

async function openFirefox(width, height) {
  const puppeteer = (await import('puppeteer-core')).default;
  // Downloads (Save state, Save picture, a clip) go to a scratch folder without the downloads
  // panel, which would otherwise open over the page and take the next click.
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'bandada-firefox-downloads-'));
  const browser = await puppeteer.launch({browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: false,
                                          args: [`--width=${width + 40}`, `--height=${height + 200}`],
                                          extraPrefsFirefox: {'browser.download.alwaysOpenPanel': false,
                                                              'browser.download.folderList': 2,
                                                              'browser.download.dir': downloads,
                                                              'browser.download.useDownloadDir': true}});
  const page = await browser.newPage();
  await page.setViewport({width, height});
  return pageDriver('firefox', page, async () => {
    await browser.close();
    fs.rmSync(downloads, {recursive: true, force: true});
  });
}

async function openWebKit(width, height) {
  const {Builder, Origin, Key} = await import('selenium-webdriver');
  const port = await freePort();
  const server = spawn('/usr/bin/WebKitWebDriver', [`--port=${port}`], {stdio: 'ignore'});
  let driver;
  for (let tries = 0; !driver; ++tries) {
    try {
      driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {binary: MINIBROWSER, args: ['--automation']},
      }).build();
    } catch (e) {
      if (tries > 40) throw e;
      await new Promise((r) => setTimeout(r, 250));  // the driver is still starting
    }
  }
  // The window's outer size: the page gets what the window's frame leaves (measured once).
  await driver.manage().window().setRect({width, height: height + 40});
  const inner = await driver.executeScript('return [innerWidth, innerHeight]');
  await driver.manage().window().setRect({width: 2 * width - inner[0], height: height + 40 + height - inner[1]});
  const KEYS = {Control: Key.CONTROL, Shift: Key.SHIFT, Backspace: Key.BACK_SPACE, Enter: Key.ENTER, Escape: Key.ESCAPE,
                Space: Key.SPACE};
  const key = (k) => KEYS[k] || k.toLowerCase();
  const actions = () => driver.actions({async: true});
  return {
    name: 'webkit',
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    evaluate: (fn, ...args) =>
      driver.executeScript(`return (${fn}).apply(null, arguments)`, ...(args.length === 1 ? [args[0]] : [args])),
    click: (x, y) =>
      actions().move({x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT}).press().release().perform(),
    type: async (text) => {
      for (const ch of text) {
        await actions().sendKeys(ch).perform();
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    press: (k) => actions().keyDown(key(k)).keyUp(key(k)).perform(),
    down: (k) => actions().keyDown(key(k)).perform(),
    up: (k) => actions().keyUp(key(k)).perform(),
    close: async () => {
      await driver.quit();
      server.kill();
    },
  };
}
