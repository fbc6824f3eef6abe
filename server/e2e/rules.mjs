// The site's navigation and its reading pages: from the lobby, the
// navigation leads to the Kaissa rules (with the start position drawn and
// the piece legend) and to the about page, and from there to the
// Chaturaji rules; no page logs an error.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_DATA=DIR node server/e2e/rules.mjs
import { check, scenario } from "./lib.mjs";

await scenario(async (server, browser) => {
  const page = await browser.open(server.base, "lobby");
  await page.waitForSelector('[data-action="create-game"]');

  await page.click('nav.site a[href="/rules/kaissa"]');
  await page.waitForURL(/\/rules\/kaissa$/);
  check((await page.textContent("h1")).includes("Merchant Kaissa"), "the Kaissa rules' title");
  check(await page.$("figure.diagram svg") !== null, "the Kaissa start is drawn");
  const kaissaText = await page.textContent("main");
  check(kaissaText.includes("The Home Stone") && kaissaText.includes("Piece legend"),
    "the Kaissa rules hold the Home Stone and the legend");
  const width = await page.$eval("figure.diagram svg", (svg) => svg.getBoundingClientRect().width);
  check(width > 200, `the diagram is drawn at ${width} px`);

  await page.click('nav.site a[href="/about"]');
  await page.waitForURL(/\/about$/);
  const aboutText = await page.textContent("main");
  check(aboutText.includes("John Norman") && aboutText.includes("Chaturaji"), "the about page's history");

  await page.click('main a[href="/rules/chaturaji"]');
  await page.waitForURL(/\/rules\/chaturaji$/);
  check(await page.$$eval("figure.diagram svg", (svgs) => svgs.length) === 2,
    "the Chaturaji starts (sheet and Ludii) are drawn");
  check((await page.textContent("main")).includes("The Ludii ruleset"), "the Ludii ruleset");

  // A narrow phone screen scrolls nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `the Chaturaji rules overflow a phone screen by ${overflow} px`);
});
